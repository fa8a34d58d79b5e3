import { z } from "zod";
import { ZId, ZIdOrDigits, ZIdText, ZSessionCompanyId } from "./common.ts";
import { ZTypedNumber, normalizeNumber } from "./contacts.ts";
import { LOCAL_DATE_TIME } from "../company-due-date.ts";
import { ZCloudTemplateSend } from "./cloud-templates.ts";

/** Lists of these pages hold 20 records a page. */
export const CAMPAIGN_PAGE_SIZE = 20;

const ZSearchPage = {
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
};

// ---------------------------------------------------------------------------------------------
// Contact lists (spec admin §3, §5)

export const ZContactList = z.object({
  id: z.number(),
  name: z.string(),
  /** How many contacts the list holds. */
  contactsCount: z.number(),
  /** How many of them are known to be on WhatsApp. */
  validCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactList = z.infer<typeof ZContactList>;

/** POST /contact-lists and PUT /contact-lists/{id}: name 2 to 50 characters. */
export const ZContactListBody = z.strictObject({ name: z.string().trim().min(2).max(50) });
export type ContactListBody = z.infer<typeof ZContactListBody>;

export const ZListContactListsQuery = z.object(ZSearchPage);
export type ListContactListsQuery = z.infer<typeof ZListContactListsQuery>;
export const ZListContactListsResponse = z.object({ records: z.array(ZContactList), hasMore: z.boolean() });
/** GET /contact-lists/list: every list of the company by name (the campaign dialog's choices). */
export const ZContactListsListResponse = z.array(ZContactList);

export const ZContactListItem = z.object({
  id: z.number(),
  name: z.string(),
  number: z.string(),
  email: z.string(),
  /** Whether the number is on WhatsApp, checked on the list's connection; null until it was checked. */
  isWhatsappValid: z.boolean().nullable(),
  companyId: z.number(),
  contactListId: z.number(),
});
export type ContactListItem = z.infer<typeof ZContactListItem>;

/** POST /contact-list-items and PUT /contact-list-items/{id} (spec admin §5: name 2–50, number 8–50, email valid). */
export const ZContactListItemBody = z.strictObject({
  name: z.string().trim().min(2).max(50),
  /** As typed; the server stores it with the company's default calling code (`withDefaultCountryCode`). */
  number: ZTypedNumber,
  email: z.union([z.literal(""), z.string().trim().email("Invalid email").max(255)]).default(""),
  /** The list's id; its digits in a string too (the previous generation takes it from the page's path). */
  contactListId: ZIdOrDigits,
  /** Spec admin §7 lists it: the session's company only (ERR_COMPANY_MISMATCH otherwise). */
  companyId: ZSessionCompanyId,
});
export type ContactListItemBody = z.infer<typeof ZContactListItemBody>;

export const ZListContactListItemsQuery = z.object({ ...ZSearchPage, contactListId: ZIdText });
export type ListContactListItemsQuery = z.infer<typeof ZListContactListItemsQuery>;
export const ZListContactListItemsResponse = z.object({ contacts: z.array(ZContactListItem), count: z.number(), hasMore: z.boolean() });

// ---------------------------------------------------------------------------------------------
// File lists (spec admin §3, §5)

export const ZFileListOption = z.object({
  id: z.number(),
  name: z.string(),
  /** Authenticated URL of the stored file (`/media/{file}`), or null before it was uploaded. */
  path: z.string().nullable(),
  mediaType: z.string().nullable(),
});
export type FileListOption = z.infer<typeof ZFileListOption>;

export const ZFileList = z.object({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  userId: z.number().nullable(),
  options: z.array(ZFileListOption),
});
export type FileList = z.infer<typeof ZFileList>;

/**
 * An option of a file list as a save sends it. `path` is the server's (the upload sets it): accepted as
 * the GET answered it (null before a file) or as the previous generation's form leaves it (`""`), and not
 * applied. `mediaType` is kept for a new option until its file arrives (the upload sets it from the
 * content); null or `""` is none. `file` is the form's picked File, which JSON turns into `{}`: accepted
 * only so, and ignored (the file itself comes with the upload).
 */
const ZFileListOptionBody = z.strictObject({
  id: ZId.optional(),
  name: z.string().trim().min(1).max(120),
  path: z.string().max(200).nullable().optional(),
  mediaType: z.string().max(100).nullable().optional(),
  file: z.strictObject({}).optional(),
});

/**
 * POST /files and PUT /files/{id}: name at least 3 characters ('nome muito curto'), message required.
 * `options` names the files; on update an option with an `id` keeps its stored file, one without is new
 * (its file arrives with POST /files/uploadList/{id}), and a stored option left out is removed.
 */
export const ZFileListBody = z.strictObject({
  name: z.string().trim().min(3, "nome muito curto").max(100),
  message: z.string().trim().min(1).max(10000),
  userId: ZId.optional(),
  options: z.array(ZFileListOptionBody).max(20).default([]),
});
export type FileListBody = z.infer<typeof ZFileListBody>;

/**
 * POST /files/uploadList/{id}: the multipart text field `id` (spec admin §7), sent once beside each file
 * in the files' order, names the option each file is for; without it the files fill the options that
 * have none yet. The other text fields (`fileId`, `typeArch`, `name`, `mediaType`) are not read.
 */
export const ZFileListUploadOptionIds = z
  .array(ZIdText)
  .max(20)
  .refine((ids) => new Set(ids).size === ids.length, { message: "Each option once" });

export const ZListFileListsQuery = z.object(ZSearchPage);
export const ZListFileListsResponse = z.object({ files: z.array(ZFileList), count: z.number(), hasMore: z.boolean() });

// ---------------------------------------------------------------------------------------------
// Campaign settings (spec admin §3, §9)

export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_AFTER_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const GREATER_INTERVAL_OPTIONS = LONGER_INTERVAL_AFTER_OPTIONS;
/** Words that, answered alone by a recipient, stop every later campaign to them (compared without case or accents). */
export const DEFAULT_OPT_OUT_WORDS = ["SAIR", "PARAR", "STOP"] as const;

const oneOf = (options: readonly number[]) => z.number().int().refine((value) => options.includes(value), { message: `one of ${options.join(", ")}` });

export const ZCampaignVariable = z.strictObject({ key: z.string().trim().min(1).max(50), value: z.string().max(1000) });
export type CampaignVariable = z.infer<typeof ZCampaignVariable>;

export const ZCampaignSettings = z.object({
  /** Seconds; each send waits a random time from 0 to this. */
  messageInterval: z.number(),
  /** After this many sends (0: never) the longer pause is taken. */
  longerIntervalAfter: z.number(),
  /** Seconds of the longer pause. */
  greaterInterval: z.number(),
  variables: z.array(ZCampaignVariable),
  optOutWords: z.array(z.string()),
  /** The text sent to a recipient who answered an opt-out word; by default in the company's language. */
  optOutConfirmation: z.string(),
});
export type CampaignSettings = z.infer<typeof ZCampaignSettings>;

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  optOutWords: [...DEFAULT_OPT_OUT_WORDS],
  optOutConfirmation: "",
};

/** The languages a company's default texts are written in. */
export type CompanyLanguage = "pt" | "en" | "es";

/** The default opt-out confirmation, per company language. */
export const OPT_OUT_CONFIRMATION_DEFAULTS: Record<CompanyLanguage, string> = {
  pt: "Pronto! Você não receberá mais nossas campanhas. Se mudar de ideia, é só nos chamar.",
  en: "Done! You will no longer receive our campaigns. If you change your mind, just message us.",
  es: "¡Listo! Ya no recibirás nuestras campañas. Si cambias de opinión, escríbenos.",
};

const PORTUGUESE_ZONES = /^(America\/(Sao_Paulo|Bahia|Fortaleza|Recife|Manaus|Belem|Cuiaba|Campo_Grande|Porto_Velho|Boa_Vista|Rio_Branco|Maceio|Araguaina|Santarem|Noronha|Eirunepe)|Europe\/Lisbon|Atlantic\/(Azores|Madeira)|Africa\/(Luanda|Maputo))$/;
const SPANISH_ZONES =
  /^(America\/(Argentina\/.+|Buenos_Aires|Santiago|Punta_Arenas|Bogota|Lima|Mexico_City|Monterrey|Merida|Cancun|Chihuahua|Hermosillo|Mazatlan|Tijuana|Matamoros|Caracas|Montevideo|Asuncion|La_Paz|Guayaquil|Panama|Costa_Rica|Guatemala|Tegucigalpa|Managua|El_Salvador|Havana|Santo_Domingo|Puerto_Rico)|Europe\/Madrid|Atlantic\/Canary|Africa\/(Ceuta|Malabo)|Pacific\/Galapagos)$/;

/**
 * A company's language, read from its time zone (the one setting every company has): Portuguese for
 * Brazil and the Portuguese-speaking zones (the product's default), Spanish for the Spanish-speaking
 * ones, English otherwise.
 */
export function companyLanguageOf(timezone: string): CompanyLanguage {
  if (PORTUGUESE_ZONES.test(timezone)) return "pt";
  if (SPANISH_ZONES.test(timezone)) return "es";
  return "en";
}

/**
 * Intervals accepted besides the offered ones: the previous generation's settings page offers a random
 * dispatch interval of 30 or 60 s and a longer pause (or a count of sends before it) of 600; all are
 * sensible paces, so they are kept as sent. Conversa's page offers the spec's options (admin §9).
 */
export const MESSAGE_INTERVAL_ACCEPTED: readonly number[] = [...MESSAGE_INTERVAL_OPTIONS, 30, 60];
export const LONGER_INTERVAL_AFTER_ACCEPTED: readonly number[] = [...LONGER_INTERVAL_AFTER_OPTIONS, 600];
export const GREATER_INTERVAL_ACCEPTED: readonly number[] = [...GREATER_INTERVAL_OPTIONS, 600];

/** The settings POST /campaign-settings changes: any of them; variable keys must be unique. */
export const ZCampaignSettingsValues = z.strictObject({
  messageInterval: oneOf(MESSAGE_INTERVAL_ACCEPTED).optional(),
  longerIntervalAfter: oneOf(LONGER_INTERVAL_AFTER_ACCEPTED).optional(),
  greaterInterval: oneOf(GREATER_INTERVAL_ACCEPTED).optional(),
  variables: z
    .array(ZCampaignVariable)
    .max(100)
    .refine((list) => new Set(list.map((item) => item.key.toLowerCase())).size === list.length, { message: "variable keys must be unique" })
    .optional(),
  optOutWords: z.array(z.string().trim().min(1).max(30)).max(30).optional(),
  optOutConfirmation: z.string().trim().min(1).max(1000).optional(),
});
export type CampaignSettingsValues = z.infer<typeof ZCampaignSettingsValues>;

/** POST /campaign-settings (spec admin §7): `{ settings: { … } }`. */
export const ZCampaignSettingsBody = z.strictObject({ settings: ZCampaignSettingsValues });
export type CampaignSettingsBody = z.infer<typeof ZCampaignSettingsBody>;

/** One campaign setting as GET and POST /campaign-settings answer it (spec admin §3): its key and its value as JSON text. */
export const ZCampaignSettingEntry = z.object({ key: z.string(), value: z.string() });
export type CampaignSettingEntry = z.infer<typeof ZCampaignSettingEntry>;
export const ZCampaignSettingsList = z.array(ZCampaignSettingEntry);

/** The settings as the list of `{ key, value }` with JSON-text values. */
export function campaignSettingsList(settings: CampaignSettings): CampaignSettingEntry[] {
  return Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) }));
}

/** The settings a list names; a key missing, unknown or unreadable takes its default. */
export function campaignSettingsOfList(list: readonly CampaignSettingEntry[]): CampaignSettings {
  const result: CampaignSettings = { ...CAMPAIGN_SETTINGS_DEFAULTS };
  for (const entry of list) {
    if (!(entry.key in ZCampaignSettings.shape)) continue;
    const key = entry.key as keyof CampaignSettings;
    let value: unknown;
    try {
      value = JSON.parse(entry.value);
    } catch {
      continue;
    }
    const parsed = ZCampaignSettings.shape[key].safeParse(value);
    if (parsed.success) Object.assign(result, { [key]: parsed.data });
  }
  return result;
}

/** Per-connection safe pacing that no campaign exceeds (set by an admin). */
export const ZCampaignPacing = z.object({
  whatsappId: z.number(),
  /** Most campaign sends a day (the company's time zone); null: no cap. */
  dailyLimit: z.number().nullable(),
  /**
   * Sending window in the company's time zone, in minutes after midnight (0–1439); a start after the
   * end runs over midnight; both null (or equal): any time.
   */
  windowStart: z.number().nullable(),
  windowEnd: z.number().nullable(),
  /** Up to this many extra seconds added at random to every interval. */
  jitterSeconds: z.number(),
});
export type CampaignPacing = z.infer<typeof ZCampaignPacing>;

const ZMinuteOfDay = z.number().int().min(0).max(24 * 60 - 1);
export const ZCampaignPacingBody = z
  .strictObject({
    dailyLimit: z.number().int().min(1).max(100000).nullable(),
    windowStart: ZMinuteOfDay.nullable(),
    windowEnd: ZMinuteOfDay.nullable(),
    jitterSeconds: z.number().int().min(0).max(3600).default(0),
  })
  .refine((body) => (body.windowStart === null) === (body.windowEnd === null), { message: "give both ends of the window or neither", path: ["windowEnd"] });
export type CampaignPacingBody = z.infer<typeof ZCampaignPacingBody>;
export const ZWhatsappIdParam = z.object({ whatsappId: ZIdText });

// ---------------------------------------------------------------------------------------------
// Campaigns (spec admin §3, §4)

export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export const ZCampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof ZCampaignStatus>;
export const CAMPAIGN_SLOTS = [1, 2, 3, 4, 5] as const;
/** A campaign stays editable while its start is more than this far ahead. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;

const messageFields = {
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
};

export const ZCampaignProgress = z.object({
  /** Recipients frozen at the start (valid numbers, opted-out ones left out). */
  validContacts: z.number(),
  delivered: z.number(),
  failed: z.number(),
  /** Recipients skipped because they opted out after the start. */
  skipped: z.number(),
  confirmationRequested: z.number(),
  confirmed: z.number(),
});
export type CampaignProgress = z.infer<typeof ZCampaignProgress>;

/**
 * The approved template a campaign on an official-line connection sends as its first message (the
 * campaign message, or the confirmation request with confirmation on): the template's name and language,
 * and its parameters in order, each a text where the campaign's placeholders (`{nome}`, `{numero}`,
 * `{email}` and the campaign variables) are filled for every recipient.
 */
export const ZCampaignTemplate = z.strictObject(ZCloudTemplateSend.shape);
export type CampaignTemplate = z.infer<typeof ZCampaignTemplate>;

export const ZCampaign = z.object({
  id: z.number(),
  name: z.string(),
  ...messageFields,
  /** Official-line connections only: the template sent as the first message (`ZCampaignTemplate` as saved); null otherwise. */
  template: z.object({ name: z.string(), language: z.string(), parameters: z.array(z.string()) }).nullable(),
  status: ZCampaignStatus,
  confirmation: z.boolean(),
  scheduledAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Sending is held (pause) while the campaign stays EM_ANDAMENTO. */
  pausedAt: z.string().nullable(),
  /**
   * Why the dispatch paused the campaign by itself: the error code of its last attempt (its template is no
   * longer offered by Meta: ERR_CLOUD_TEMPLATE_NOT_FOUND, ERR_CLOUD_TEMPLATE_NOT_APPROVED,
   * ERR_CLOUD_TEMPLATE_PARAMETERS). Null when it runs, or when a user paused it.
   */
  pauseReason: z.string().nullable(),
  whatsappId: z.number().nullable(),
  contactListId: z.number().nullable(),
  tagListId: z.number().nullable(),
  fileListId: z.number().nullable(),
  companyId: z.number(),
  /** Authenticated URL of the attachment (`/media/{file}`), or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  whatsapp: z.object({ id: z.number(), name: z.string() }).nullable(),
  contactList: z.object({ id: z.number(), name: z.string() }).nullable(),
  progress: ZCampaignProgress,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof ZCampaign>;

/** A message slot's text; null or left out is an empty slot (the previous generation sends null for one). */
const ZSlotText = z
  .string()
  .max(4096)
  .nullable()
  .default("")
  .transform((text) => text ?? "");
const ZOptionalId = z.union([ZId, z.null()]).default(null);

/**
 * POST /campaigns and PUT /campaigns/{id}. `scheduledAt` present makes the campaign PROGRAMADA (it
 * then needs a connection, a contact list or a tag, and a message); absent or null, INATIVA.
 * `scheduledAt` is an ISO date-time with its offset, or `YYYY-MM-DD HH:mm:ss` on the company's clock
 * (its time zone), as the previous generation's form sends it. `tagListId` null (or the web's 'Nenhuma')
 * means no tag. `status` is the server's: a new campaign may name INATIVA, what it starts as.
 */
export const ZCampaignBody = z.strictObject({
  name: z.string().trim().min(2).max(50),
  message1: ZSlotText,
  message2: ZSlotText,
  message3: ZSlotText,
  message4: ZSlotText,
  message5: ZSlotText,
  confirmationMessage1: ZSlotText,
  confirmationMessage2: ZSlotText,
  confirmationMessage3: ZSlotText,
  confirmationMessage4: ZSlotText,
  confirmationMessage5: ZSlotText,
  confirmation: z.boolean().default(false),
  scheduledAt: z.union([z.iso.datetime({ offset: true }), z.string().regex(LOCAL_DATE_TIME, "Not a date-time")]).nullable().optional(),
  whatsappId: ZOptionalId,
  contactListId: ZOptionalId,
  tagListId: z.union([ZId, z.null(), z.literal("Nenhuma")]).default(null).transform((value) => (value === "Nenhuma" ? null : value)),
  fileListId: ZOptionalId,
  /** Required on an official-line connection, refused on any other (ERR_CLOUD_TEMPLATE_UNSUPPORTED); left out is none. */
  template: ZCampaignTemplate.nullable().default(null),
  status: z.literal("INATIVA").optional(),
  /** Spec admin §3 lists it: the session's company only (ERR_COMPANY_MISMATCH otherwise). */
  companyId: ZSessionCompanyId,
});
export type CampaignBody = z.infer<typeof ZCampaignBody>;
/** The writable fields of PUT /campaigns/{id}: the status is echoed with the rest of the record, never written. */
export const ZUpdateCampaignBody = ZCampaignBody.omit({ status: true });

export const ZListCampaignsQuery = z.object(ZSearchPage);
export type ListCampaignsQuery = z.infer<typeof ZListCampaignsQuery>;
export const ZListCampaignsResponse = z.object({ records: z.array(ZCampaign), hasMore: z.boolean() });

/** POST /campaigns/{id}/test-send: one message of the campaign (variables filled for that number) to one number. */
export const ZCampaignTestSendBody = z.strictObject({ number: z.string().trim().transform(normalizeNumber).pipe(z.string().min(8).max(50)) });

/** One recipient of a campaign as the report lists them. */
export const ZCampaignShipping = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  deliveredAt: z.string().nullable(),
  confirmationRequestedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  skippedAt: z.string().nullable(),
});
export type CampaignShipping = z.infer<typeof ZCampaignShipping>;

/**
 * Where a recipient stands: pending (not sent yet), sent (stored, not yet known delivered), delivered,
 * read, failed (with the reason), opted_out (answered an opt-out word, or skipped for it), confirmed
 * (answered the confirmation request).
 */
export const CAMPAIGN_RECIPIENT_STATUSES = ["pending", "sent", "delivered", "read", "failed", "opted_out", "confirmed"] as const;
export const ZCampaignRecipientStatus = z.enum(CAMPAIGN_RECIPIENT_STATUSES);
export type CampaignRecipientStatus = z.infer<typeof ZCampaignRecipientStatus>;

/** One row of the campaign report's recipients table. */
export const ZCampaignRecipient = z.object({
  id: z.number(),
  number: z.string(),
  name: z.string(),
  /** The message slot (1–5) the recipient was sent; null before the send. */
  slot: z.number().nullable(),
  status: ZCampaignRecipientStatus,
  /** Why the send failed (status failed), when the network said. */
  failureReason: z.string().nullable(),
  /** When the recipient reached their status; null while pending. */
  at: z.string().nullable(),
  /** The recipient wrote back after the campaign reached them. */
  replied: z.boolean(),
});
export type CampaignRecipient = z.infer<typeof ZCampaignRecipient>;

/** GET /campaigns/{id}/recipients: `searchParam` (number or name), `status`, `pageNumber` (20 a page). */
export const ZListCampaignRecipientsQuery = z.object({ ...ZSearchPage, status: ZCampaignRecipientStatus.optional() });
export type ListCampaignRecipientsQuery = z.infer<typeof ZListCampaignRecipientsQuery>;
export const ZListCampaignRecipientsResponse = z.object({ records: z.array(ZCampaignRecipient), count: z.number(), hasMore: z.boolean() });
export type ListCampaignRecipientsResponse = z.infer<typeof ZListCampaignRecipientsResponse>;
/** GET /campaigns/{id}/recipients/export: the same filters, every page. */
export const ZExportCampaignRecipientsQuery = ZListCampaignRecipientsQuery.omit({ pageNumber: true });
export type ExportCampaignRecipientsQuery = z.infer<typeof ZExportCampaignRecipientsQuery>;

/**
 * The placeholders a campaign message may hold: `{nome}`, `{numero}`, `{email}` of the recipient and
 * `{key}` of every settings variable. Unknown placeholders stay as written.
 */
export function fillCampaignMessage(text: string, recipient: { name: string; number: string; email: string }, variables: readonly CampaignVariable[]): string {
  const values = new Map<string, string>([
    ["nome", recipient.name],
    ["numero", recipient.number],
    ["email", recipient.email],
  ]);
  for (const variable of variables) if (!values.has(variable.key)) values.set(variable.key, variable.value);
  return text.replace(/\{([^{}\s]{1,50})\}/g, (whole, key: string) => values.get(key) ?? whole);
}
