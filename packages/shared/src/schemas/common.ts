import { z } from "zod";

/** A positive integer id in a path (`/tickets/12`). */
export const ZIdParam = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** An ISO date-time string as sent on the wire. */
export const ZIsoDate = z.string();

export const ZOkResponse = z.object({ message: z.string() });
