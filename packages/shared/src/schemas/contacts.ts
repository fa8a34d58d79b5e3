import { z } from "zod";
import { dialledDigits } from "../phone-number.ts";
import { ZId, ZIdText } from "./common.ts";

export const ZContactExtraInfo = z.object({ id: z.number().optional(), name: z.string(), value: z.string() });

export const ZContact = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
  whatsappId: z.number().nullable(),
  extraInfo: z.array(ZContactExtraInfo),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof ZContact>;

/** The contact as embedded in tickets and messages. */
export const ZContactRef = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  profilePicUrl: z.string().nullable(),
  isGroup: z.boolean(),
});
export type ContactRef = z.infer<typeof ZContactRef>;

/** Digits only (spec core §5: numbers from vcards and forms are stripped of non-digits). */
export function normalizeNumber(value: string): string {
  return value.replace(/\D/g, "");
}

/**
 * A phone number as a person typed it, kept as typed (trimmed) so that a leading "+" or "00" still tells it has its
 * country code: the server stores `withDefaultCountryCode` of it. Its digits (without a leading 00) count, 8 to 50.
 */
export const ZTypedNumber = z
  .string()
  .trim()
  .max(100, "Too Long!")
  .superRefine((value, ctx) => {
    const length = dialledDigits(value).length;
    const message = length === 0 ? "Required" : length < 8 ? "Too Short!" : length > 50 ? "Too Long!" : undefined;
    if (message) ctx.addIssue({ code: "custom", message });
  });

export const ZContactBody = z.strictObject({
  name: z.string().trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!"),
  number: ZTypedNumber,
  email: z.union([z.literal(""), z.string().trim().email("Invalid email").max(255)]).optional(),
  extraInfo: z
    .array(
      z.strictObject({
        id: ZId.optional(),
        name: z.string().trim().min(1, "Required").max(100, "Too Long!"),
        value: z.string().max(1000, "Too Long!"),
      }),
    )
    .max(50, "Too Long!")
    .optional(),
});
export type ContactBody = z.infer<typeof ZContactBody>;

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Expected YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "Invalid date");

/** The filters of the contacts list and of its CSV export; days are in the company's time zone. */
const contactFilterFields = {
  searchParam: z.string().max(200).optional(),
  /** Created on this day. */
  date: ZDay.optional(),
  /** Created on this day or later. */
  dateStart: ZDay.optional(),
  /** Created on this day or earlier. */
  dateEnd: ZDay.optional(),
};

function startNotAfterEnd(query: { dateStart?: string; dateEnd?: string }): boolean {
  return !query.dateStart || !query.dateEnd || query.dateStart <= query.dateEnd;
}
const START_AFTER_END = { message: "dateStart is after dateEnd", path: ["dateStart"] };

export const ZListContactsQuery = z
  .object({ ...contactFilterFields, pageNumber: z.coerce.number().int().min(1).max(100000).default(1) })
  .refine(startNotAfterEnd, START_AFTER_END);
export type ListContactsQuery = z.infer<typeof ZListContactsQuery>;

export const ZListContactsResponse = z.object({ contacts: z.array(ZContact), count: z.number(), hasMore: z.boolean() });
export type ListContactsResponse = z.infer<typeof ZListContactsResponse>;

/** GET /contacts/export: the list's filters, every matching contact (CSV; 204 when none matches). */
export const ZExportContactsQuery = z.object(contactFilterFields).refine(startNotAfterEnd, START_AFTER_END);
export type ExportContactsQuery = z.infer<typeof ZExportContactsQuery>;

/** GET /contacts/list answers at most this many contacts, by name; `hasMore` tells there are others. */
export const CONTACTS_LIST_LIMIT = 1000;
export const ZContactsListResponse = z.object({ contacts: z.array(ZContactRef), hasMore: z.boolean() });
export type ContactsListResponse = z.infer<typeof ZContactsListResponse>;

/** Spreadsheet imports (POST /contacts/upload): accepted extensions, largest file and most data rows. */
export const CONTACT_IMPORT_LIMITS = { extensions: [".xls", ".xlsx"], maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;

/** Why an imported row was not saved; the web translates each. */
export const IMPORT_REJECT_REASONS = [
  "nameRequired",
  "nameTooShort",
  "nameTooLong",
  "numberRequired",
  "numberTooShort",
  "numberTooLong",
  "emailInvalid",
  "extraInfoTooLong",
  "duplicatedInFile",
] as const;
export const ZImportRejectReason = z.enum(IMPORT_REJECT_REASONS);
export type ImportRejectReason = z.infer<typeof ZImportRejectReason>;

/**
 * One imported row, checked with the contact rules (core §5). Each message is the reject reason.
 * An empty name is allowed only where the caller fills it in (phone imports use the number).
 */
export const ZImportContactRow = z.object({
  name: z.string().trim().min(1, "nameRequired").min(2, "nameTooShort").max(50, "nameTooLong"),
  number: z
    .string()
    .trim()
    .transform(normalizeNumber)
    .pipe(z.string().min(1, "numberRequired").min(8, "numberTooShort").max(50, "numberTooLong")),
  email: z.union([z.literal(""), z.string().trim().email("emailInvalid").max(255, "emailInvalid")]),
  extraInfo: z.array(z.object({ name: z.string().max(100, "extraInfoTooLong"), value: z.string().max(1000, "extraInfoTooLong") })).max(50, "extraInfoTooLong"),
});
export type ImportContactRow = z.infer<typeof ZImportContactRow>;

export const ZImportRejectedRow = z.object({
  /** The spreadsheet row (the header is row 1), or the position in the phone's list. */
  row: z.number(),
  reason: ZImportRejectReason,
  /** What the row held, cut to 100 characters, so the user can find it. */
  name: z.string(),
  number: z.string(),
});
export type ImportRejectedRow = z.infer<typeof ZImportRejectedRow>;

/** The answer of POST /contacts/upload and POST /contacts/import. */
export const ZContactImportReport = z.object({
  total: z.number(),
  created: z.number(),
  updated: z.number(),
  rejected: z.array(ZImportRejectedRow),
});
export type ContactImportReport = z.infer<typeof ZContactImportReport>;

/** POST /contacts/import: the connection whose phone book is imported (the company's default one when absent). */
export const ZImportPhoneContactsQuery = z.object({ whatsappId: ZIdText.optional() });

/**
 * Payload of `company-{id}-contact` sent only to the user who runs a contact import, after each
 * batch of rows: how many of the rows were handled so far.
 */
export const ZContactImportProgressPayload = z.object({
  action: z.literal("import"),
  progress: z.object({ processed: z.number(), total: z.number() }),
});
export type ContactImportProgressPayload = z.infer<typeof ZContactImportProgressPayload>;

/** POST /contacts/{id}/erase: the contact's number typed again, as the confirmation (docs/privacy.md). */
export const ZEraseContactBody = z.strictObject({ number: z.string().trim().min(1).max(50) });
export type EraseContactBody = z.infer<typeof ZEraseContactBody>;

/** What POST /contacts/{id}/erase answers: how many rows lost their personal data. */
export const ZEraseContactResponse = z.object({
  contactId: z.number().int(),
  erasedAt: z.string(),
  tickets: z.number().int(),
  messages: z.number().int(),
  mediaFiles: z.number().int(),
});
export type EraseContactResponse = z.infer<typeof ZEraseContactResponse>;
