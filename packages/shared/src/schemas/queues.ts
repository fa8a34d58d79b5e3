import { z } from "zod";

/** A queue (sector) as GET /queue lists it: what selectors and the connection dialog need. */
export const ZQueue = z.object({
  id: z.number(),
  name: z.string(),
  color: z.string(),
  orderQueue: z.number().nullable(),
  greetingMessage: z.string(),
  outOfHoursMessage: z.string(),
});
export type Queue = z.infer<typeof ZQueue>;

export const ZQueueList = z.array(ZQueue);

/** GET /queue: `companyId` is accepted for compatibility and ignored (always the session's company). */
export const ZListQueuesQuery = z.object({
  companyId: z.coerce.number().int().positive().optional(),
});
