import { z } from "zod";
import { MAX_ID, ZIdText } from "./common.ts";
import { LIMITS } from "../constants.ts";

/** PENDENTE until sent; ENVIADA once handed to the conversation; ERRO when sending finally failed (spec core §3). */
export const SCHEDULE_STATUSES = ["PENDENTE", "ENVIADA", "ERRO"] as const;
export const ZScheduleStatus = z.enum(SCHEDULE_STATUSES);
export type ScheduleStatus = z.infer<typeof ZScheduleStatus>;

/** Image types a schedule may carry (spec core §5: png, jpg, jpeg). */
export const SCHEDULE_MEDIA_EXTENSIONS = ["png", "jpg", "jpeg"] as const;
export const SCHEDULE_MEDIA_MIMES = ["image/png", "image/jpeg"] as const;

/** Longest range of sendAt one list call may ask for (the calendar's month view with its spill-over weeks). */
export const SCHEDULE_RANGE_MAX_DAYS = 62;
/** Schedules per page of a list call. */
export const SCHEDULES_PAGE_SIZE = 200;
/** How far in the past a sendAt may be when saved (clock skew and form time), in milliseconds. */
export const SCHEDULE_PAST_GRACE_MS = 5 * 60_000;

export const ZSchedule = z.object({
  id: z.number(),
  body: z.string(),
  sendAt: z.string(),
  /** When the message was handed to the contact's conversation; null until then. */
  sentAt: z.string().nullable(),
  status: ZScheduleStatus,
  contactId: z.number(),
  contact: z.object({ id: z.number(), name: z.string(), number: z.string() }),
  /** The ticket the message went through, once sent. */
  ticketId: z.number().nullable(),
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** Stored media file name (served by GET /media/{file}); null without an attachment. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Schedule = z.infer<typeof ZSchedule>;

/**
 * POST /schedules and PUT /schedules/{id}. The other schedule fields of spec core §3 are accepted:
 * `userId` names the schedule's owner (an admin may name a user of the company; anyone else only
 * themselves, ERR_USER_MISMATCH otherwise); `sentAt`, `status`, `mediaName` and `contact` are the
 * server's and ignored; `mediaPath` is ignored but refused when it names a file other than the
 * schedule's own attachment (ERR_MEDIA_PATH_REFUSED); `id`, on a change, must be the path's.
 */
export const ZScheduleBody = z.strictObject({
  body: z.string().trim().min(LIMITS.scheduleBodyMin, "Mensagem muito curta").max(4096),
  /** An ISO date-time with its offset. */
  sendAt: z.iso.datetime({ offset: true, error: "Obrigatório" }),
  contactId: z.number({ error: "Obrigatório" }).int().positive().max(MAX_ID),
  id: z.number().int().positive().max(MAX_ID).optional(),
  userId: z.number().int().positive().max(MAX_ID).nullable().optional(),
  sentAt: z.string().max(40).nullable().optional(),
  status: z.union([ZScheduleStatus, z.literal("")]).nullable().optional(),
  mediaPath: z.string().max(500).nullable().optional(),
  mediaName: z.string().max(255).nullable().optional(),
  contact: z.object({}).loose().nullable().optional(),
});
export type ScheduleBody = z.infer<typeof ZScheduleBody>;

/** Schedules per page of the list without a range (the previous generation's list page). */
export const SCHEDULES_LIST_PAGE_SIZE = 20;

/**
 * GET /schedules. With `start` and `end` (both, at most SCHEDULE_RANGE_MAX_DAYS apart): the calendar's
 * visible range, earliest first, SCHEDULES_PAGE_SIZE a page. Without them: every schedule the actor may
 * see, latest sendAt first, SCHEDULES_LIST_PAGE_SIZE a page (`searchParam`, `pageNumber`, as the previous
 * generation's list asks). Optionally one contact or a text search.
 */
export const ZListSchedulesQuery = z
  .object({
    start: z.iso.datetime({ offset: true }).optional(),
    end: z.iso.datetime({ offset: true }).optional(),
    contactId: ZIdText.optional(),
    searchParam: z.string().max(200).optional(),
    pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  })
  .refine((q) => (q.start === undefined) === (q.end === undefined), { path: ["end"], message: "start and end go together" })
  .refine((q) => q.start === undefined || q.end === undefined || Date.parse(q.end) > Date.parse(q.start), { path: ["end"], message: "end must be after start" })
  .refine((q) => q.start === undefined || q.end === undefined || Date.parse(q.end) - Date.parse(q.start) <= SCHEDULE_RANGE_MAX_DAYS * 86_400_000, {
    path: ["end"],
    message: `The range may span at most ${SCHEDULE_RANGE_MAX_DAYS} days`,
  });
export type ListSchedulesQuery = z.infer<typeof ZListSchedulesQuery>;

export const ZListSchedulesResponse = z.object({ schedules: z.array(ZSchedule), count: z.number(), hasMore: z.boolean() });
export type ListSchedulesResponse = z.infer<typeof ZListSchedulesResponse>;
