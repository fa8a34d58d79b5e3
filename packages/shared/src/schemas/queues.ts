import { z } from "zod";
import { MAX_ID, ZId, ZIdText } from "./common.ts";
import { LIMITS } from "../constants.ts";
import { ZWeeklySchedule } from "./business-hours.ts";

/** A queue (sector) as GET /queue lists it: what selectors, the connection dialog and the queues page need. */
export const ZQueue = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  orderQueue: z.number().nullable(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
  /** The store whose distribution rules apply to tickets entering the queue; null: no distribution. */
  storeId: z.number().nullable().default(null),
});
export type Queue = z.infer<typeof ZQueue>;

export const ZQueueList = z.array(ZQueue);

/**
 * GET /queue. Without `pageNumber` it answers every queue as a plain array (the pickers of the
 * connection, transfer and new-ticket dialogs); with `pageNumber` one page of
 * `{queues, hasMore, count}` filtered by `searchParam` (the queues page). `companyId` is accepted
 * for compatibility and ignored (always the session's company).
 */
export const ZListQueuesQuery = z.object({
  companyId: ZIdText.optional(),
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional(),
  /** The queues page's store filter: "none" for queues without a store, or a store's id. */
  storeId: z.union([z.literal("none"), ZIdText]).optional(),
});
export type ListQueuesQuery = z.infer<typeof ZListQueuesQuery>;

export const ZListQueuesPage = z.object({ queues: z.array(ZQueue), count: z.number(), hasMore: z.boolean() });
export type ListQueuesPage = z.infer<typeof ZListQueuesPage>;

/** GET /queue answers the plain array or, with `pageNumber`, a page. */
export const ZListQueuesResponse = z.union([ZQueueList, ZListQueuesPage]);

/** Queue colours: a hex colour of 3 to 9 characters (`#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`). */
export const ZQueueColor = z
  .string()
  .trim()
  .min(3)
  .max(9)
  .regex(/^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, "Invalid colour");

const ZMessageText = z.string().max(4000);
const ZOptionalRef = ZId.nullable().optional();

/**
 * POST /queue and PUT /queue/{id} (spec admin §5: name 2–50, colour 3–9). Omitted optional fields
 * keep their stored value on update. `integrationId` and `promptId` name the company's integration and AI
 * prompt, `storeId` a store of the company (null: none).
 */
export const ZQueueBody = z.strictObject({
  name: z.string().trim().min(LIMITS.nameMin, "Too Short!").max(LIMITS.nameMax, "Too Long!"),
  color: ZQueueColor,
  greetingMessage: ZMessageText.optional(),
  outOfHoursMessage: ZMessageText.optional(),
  orderQueue: z.number().int().min(0).max(100000).nullable().optional(),
  schedules: ZWeeklySchedule.optional(),
  integrationId: ZOptionalRef,
  promptId: ZOptionalRef,
  storeId: ZOptionalRef,
});
export type QueueBody = z.infer<typeof ZQueueBody>;

/** GET /queue/{id}: the queue with its weekly hours and its media attachment (served by GET /media/{mediaPath}). */
export const ZQueueDetail = ZQueue.extend({
  schedules: ZWeeklySchedule,
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  integrationId: z.number().nullable(),
  promptId: z.number().nullable(),
});
export type QueueDetail = z.infer<typeof ZQueueDetail>;

/** The API's parent of a root option. */
export const ROOT_OPTION_PARENT = -1;

const ZParentId = z.coerce
  .number()
  .int()
  .refine((value) => value === ROOT_OPTION_PARENT || (value > 0 && value <= MAX_ID), "-1 or an option id");

/** An option of a queue's chatbot tree (spec admin §2, §3). `option` is its position, numbered from 1. */
export const ZQueueOption = z.object({
  id: z.number(),
  queueId: z.number(),
  /** -1 for a root option. */
  parentId: z.number(),
  title: z.string(),
  message: z.string(),
  option: z.number(),
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  /** How many options sit directly under this one. */
  childrenCount: z.number(),
});
export type QueueOption = z.infer<typeof ZQueueOption>;

export const ZQueueOptionList = z.array(ZQueueOption);

/** GET /queue-options: one level of a queue's tree (`parentId` -1, the default, for the roots). */
export const ZListQueueOptionsQuery = z.object({
  queueId: ZIdText,
  parentId: ZParentId.default(ROOT_OPTION_PARENT),
});

/** The most options one level of a tree may hold (the customer answers with their number). */
export const MAX_QUEUE_OPTIONS_PER_LEVEL = 50;

const ZOptionTitle = z.string().trim().min(1, "Required").max(100, "Too Long!");

/** POST /queue-options: a new option, appended after its siblings. */
export const ZCreateQueueOptionBody = z.strictObject({
  queueId: ZId,
  /** -1 or null for a root option. */
  parentId: ZParentId.nullable().optional(),
  title: ZOptionTitle,
  message: ZMessageText.optional(),
});
export type CreateQueueOptionBody = z.infer<typeof ZCreateQueueOptionBody>;

/** PUT /queue-options/{id}: new texts, and/or `option` to move it to that position among its siblings. */
export const ZUpdateQueueOptionBody = z.strictObject({
  title: ZOptionTitle.optional(),
  message: ZMessageText.optional(),
  option: z.number().int().min(1).max(MAX_QUEUE_OPTIONS_PER_LEVEL).optional(),
});
export type UpdateQueueOptionBody = z.infer<typeof ZUpdateQueueOptionBody>;
