import { z } from "zod";

/** The largest id the database's integer (serial) columns hold: a bigger one can name no record. */
export const MAX_ID = 2147483647;

/** A record id in a JSON body: a positive integer that fits the database's ids (anything else is ERR_VALIDATION, never a 500). */
export const ZId = z.number().int().positive().max(MAX_ID);

/** A record id sent as text (path parameters, query strings), coerced to a number and bounded as ZId. */
export const ZIdText = z.coerce.number().int().positive().max(MAX_ID);

/** A positive integer id in a path (`/tickets/12`). */
export const ZIdParam = z.object({ id: ZIdText });

/** An ISO date-time string as sent on the wire. */
export const ZIsoDate = z.string();

export const ZOkResponse = z.object({ message: z.string() });
