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

export const ZScheduleBody = z.strictObject({
  body: z.string().trim().min(LIMITS.scheduleBodyMin, "Mensagem muito curta").max(4096),
  /** An ISO date-time with its offset. */
  sendAt: z.iso.datetime({ offset: true, error: "Obrigatório" }),
  contactId: z.number({ error: "Obrigatório" }).int().positive().max(MAX_ID),
});
export type ScheduleBody = z.infer<typeof ZScheduleBody>;

/** The calendar's visible range (required, at most SCHEDULE_RANGE_MAX_DAYS), optionally one contact or a text search. */
export const ZListSchedulesQuery = z
  .object({
    start: z.iso.datetime({ offset: true }),
    end: z.iso.datetime({ offset: true }),
    contactId: ZIdText.optional(),
    searchParam: z.string().max(200).optional(),
    pageNumber: z.coerce.number().int().min(1).max(1000).default(1),
  })
  .refine((q) => Date.parse(q.end) > Date.parse(q.start), { path: ["end"], message: "end must be after start" })
  .refine((q) => Date.parse(q.end) - Date.parse(q.start) <= SCHEDULE_RANGE_MAX_DAYS * 86_400_000, {
    path: ["end"],
    message: `The range may span at most ${SCHEDULE_RANGE_MAX_DAYS} days`,
  });
export type ListSchedulesQuery = z.infer<typeof ZListSchedulesQuery>;

export const ZListSchedulesResponse = z.object({ schedules: z.array(ZSchedule), count: z.number(), hasMore: z.boolean() });
export type ListSchedulesResponse = z.infer<typeof ZListSchedulesResponse>;
