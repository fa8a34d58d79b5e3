import { z } from "zod";
import { LIMITS } from "../constants.ts";

/** The largest id the database's integer (serial) columns hold: a bigger one can name no record. */
export const MAX_ID = 2147483647;

/** A record id in a JSON body: a positive integer that fits the database's ids (anything else is ERR_VALIDATION, never a 500). */
export const ZId = z.number().int().positive().max(MAX_ID);

/** A record id sent as text (path parameters, query strings), coerced to a number and bounded as ZId. */
export const ZIdText = z.coerce.number().int().positive().max(MAX_ID);

/**
 * A record id in a JSON body, as a number or as its digits in a string (the previous generation sends
 * ids it read from a page's path as text: `contactListId: "12"`). Nothing looser: no signs, decimals or blanks.
 */
export const ZIdOrDigits = z.union([ZId, z.string().regex(/^\d{1,10}$/).transform(Number).pipe(ZId)]);

/**
 * The `companyId` a previous-generation client names in a body: accepted only as the session's company
 * (the service answers 403 ERR_COMPANY_MISMATCH to any other) and never stored from the body.
 */
export const ZSessionCompanyId = ZId.optional();

/** A positive integer id in a path (`/tickets/12`). */
export const ZIdParam = z.object({ id: ZIdText });

/** An ISO date-time string as sent on the wire. */
export const ZIsoDate = z.string();

export const ZOkResponse = z.object({ message: z.string() });

/**
 * A boolean in a JSON body that also takes 1 and 0, as clients of the previous generation send some
 * flags (`read: 1`). Nothing looser: no strings, no other numbers.
 */
export const ZBooleanOrBit = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1);

/** An optional reference in a JSON body where `false` means "none" (null), as the previous generation sends it (`promptId: false`). */
export const ZIdOrFalse = z.union([ZId, z.literal(false)]).nullable().transform((value) => (value === false ? null : value));

/**
 * A person's or a company's name as typed (users, sign-up, companies): 2 to 50 characters on one line,
 * without line breaks, other control characters or line and paragraph separators, since names appear in
 * e-mails and headers. Only what is written is checked: rows stored before still read as they are.
 */
export const ZSingleLineName = z
  .string()
  .trim()
  .min(LIMITS.nameMin, "Too Short!")
  .max(LIMITS.nameMax, "Too Long!")
  .regex(/^[^\p{Cc}\p{Zl}\p{Zp}]*$/u, "Use a single line");
