import { z } from "zod";

/**
 * Every error code the API can answer, with its HTTP status. The status comes from here,
 * never from the place that throws. Codes of the spec's catalogue first, then the ones the
 * product adds.
 */
export const ERROR_CODES = {
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 400,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 400,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 400,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 500,
  ERR_CREATING_TICKET: 500,
  ERR_FETCH_WAPP_MSG: 400,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  // Added by the product.
  ERR_VALIDATION: 400,
  ERR_RATE_LIMITED: 429,
  ERR_INTERNAL: 500,
  ERR_NOT_FOUND: 404,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_INVALID_TOKEN: 403,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_ERASE_CONFIRMATION_MISMATCH: 400,
  ERR_CONTACT_ERASED: 409,
  ERR_NO_PLAN_FOUND: 404,
  /** Another plan already has this name. */
  ERR_DUPLICATED_PLAN: 409,
  ERR_DUPLICATED_COMPANY: 409,
  /** A super user's own company cannot be disabled or deleted (it would end their own access). */
  ERR_OWN_COMPANY: 409,
  /** The company is disabled: its users cannot log in. */
  ERR_COMPANY_DISABLED: 403,
  /** A plan that a company is on cannot be deleted. */
  ERR_PLAN_IN_USE: 409,
  ERR_NO_HELP_FOUND: 404,
  ERR_NO_ANNOUNCEMENT_FOUND: 404,
  /** No chat with this id, or one the caller is not a member of. */
  ERR_NO_CHAT_FOUND: 404,
  ERR_PAYLOAD_TOO_LARGE: 413,
  /** The built-in simulator: a scan of a QR code that is not the one shown. */
  ERR_SIMULATOR_BAD_QR: 400,
  /** The built-in simulator: the connection is not CONNECTED in this process. */
  ERR_SIMULATOR_NOT_CONNECTED: 409,
  ERR_MEDIA_TYPE_NOT_ALLOWED: 400,
  ERR_MEDIA_TOO_LARGE: 413,
  ERR_NO_MESSAGE_FOUND: 404,
  ERR_TICKET_NOT_OPEN: 400,
  /** Another attendant accepted the ticket first (details: ZTicketHolderDetails, who holds it). */
  ERR_TICKET_ALREADY_ACCEPTED: 409,
  /** A message on an open ticket another attendant holds, by an attendant who is not an admin (details: ZTicketHolderDetails). */
  ERR_TICKET_HELD_BY_OTHER: 409,
  ERR_NO_TAG_FOUND: 404,
  ERR_DUPLICATED_TAG: 409,
  ERR_NO_QUICK_MESSAGE_FOUND: 404,
  ERR_NO_NOTE_FOUND: 404,
  ERR_CONNECTION_LIMIT: 403,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_DUPLICATED_CONNECTION: 409,
  ERR_QUEUE_NAME_ALREADY_EXISTS: 409,
  /** The plan's queue limit has been reached. */
  ERR_QUEUE_LIMIT: 403,
  ERR_NO_QUEUE_OPTION_FOUND: 404,
  /** No distribution store with this id in the company. */
  ERR_NO_STORE_FOUND: 404,
  /** Another store of the company already has this name. */
  ERR_STORE_NAME_ALREADY_EXISTS: 409,
  /** No distribution rule with this id in the store. */
  ERR_NO_RULE_FOUND: 404,
  /** A rule's regular expression does not compile (RE2 syntax: no look-around, no back-references). */
  ERR_INVALID_RULE_MATCH: 400,
  /** A store holds at most 100 rules. */
  ERR_RULE_LIMIT: 400,
  /** One level of a queue's option tree is full. */
  ERR_QUEUE_OPTION_LIMIT: 400,
  /** The plan's user limit is reached: no user can be added. */
  ERR_USER_LIMIT: 403,
  /** Another user (of any company) already has this e-mail. */
  ERR_EMAIL_ALREADY_EXISTS: 409,
  /** The change would leave the company without an admin. */
  ERR_LAST_ADMIN: 409,
  /** The change would leave the installation without a super user. */
  ERR_LAST_SUPER: 409,
  /** A user setting their own password did not give their current password, or gave a wrong one. */
  ERR_WRONG_PASSWORD: 400,
  /** A user cannot delete their own account. */
  ERR_CANNOT_DELETE_SELF: 409,
  ERR_NO_SCHEDULE_FOUND: 404,
  /** A schedule that was already sent can no longer be changed or deleted. */
  ERR_SCHEDULE_ALREADY_SENT: 409,
  /** A schedule's sendAt lies in the past. */
  ERR_SCHEDULE_IN_PAST: 400,
  /** The dashboard was asked for no valid period (no days, no dates or invalid dates): 'Parametrize o filtro'. */
  ERR_DASHBOARD_FILTER: 400,
  /** Contact import: the file is not an .xls or .xlsx spreadsheet (by its name and its content). */
  ERR_IMPORT_FILE_TYPE: 400,
  ERR_IMPORT_FILE_TOO_LARGE: 413,
  ERR_IMPORT_TOO_MANY_ROWS: 400,
  /** Contact import: the spreadsheet has no name or no number column in its first row. */
  ERR_IMPORT_MISSING_COLUMNS: 400,
  /** Contact import: the spreadsheet could not be read (damaged, or too big for the parser's memory). */
  ERR_IMPORT_UNREADABLE: 400,
  /** Contact import: reading the spreadsheet took longer than allowed and was stopped. */
  ERR_IMPORT_TIMEOUT: 400,
  /** A promptId that names no AI prompt of the company. */
  ERR_NO_PROMPT_FOUND: 404,
  /** An integrationId that names no integration of the company. */
  ERR_NO_INTEGRATION_FOUND: 404,
  /** The dialogflow service-account JSON is not valid JSON with client_email and private_key. */
  ERR_INTEGRATION_INVALID_CREDENTIALS: 400,
  /** Contact import: another import of the same company is running (on any server process); try again when it ends. */
  ERR_IMPORT_BUSY: 409,
  /** Contact import: the .xlsx unpacks (by its own account or in fact) past 50 MiB, or a large part of it more than 200-fold. */
  ERR_IMPORT_CONTENT_TOO_LARGE: 400,
  /** The database cannot be reached right now (restarting, network down): the request can be tried again shortly. */
  ERR_SERVICE_UNAVAILABLE: 503,
  /** Password reset: no account has this e-mail ('Email não encontrado'). */
  ERR_EMAIL_NOT_FOUND: 404,
  /** Password reset: the code is wrong, was already used, was replaced by a newer one or was burned by too many wrong tries. */
  ERR_INVALID_RESET_CODE: 400,
  /** Password reset: the code's time ran out (30 minutes; 72 hours for an invitation); a new one must be requested. */
  ERR_RESET_CODE_EXPIRED: 400,
  /** The server has no mail configured (production without SMTP_URL): what needs e-mail is off. */
  ERR_MAIL_NOT_CONFIGURED: 503,
  /** The mail server refused the message or could not be reached: try again shortly. */
  ERR_MAIL_SEND_FAILED: 503,
  ERR_NO_CONTACT_LIST_FOUND: 404,
  ERR_NO_CONTACT_LIST_ITEM_FOUND: 404,
  /** The list already holds a contact with this number. */
  ERR_DUPLICATED_CONTACT_LIST_ITEM: 409,
  ERR_NO_CAMPAIGN_FOUND: 404,
  ERR_NO_FILE_LIST_FOUND: 404,
  /** The campaign cannot change this way now: it started, ended, or starts within the hour (a cancelled one keeps only its texts editable). */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** The campaign's status does not allow this action (cancel only in progress, restart only cancelled, pause/resume only in progress). */
  ERR_CAMPAIGN_STATUS: 409,
  /** A scheduled campaign needs a connection, a contact list or a tag, and at least one message (and a confirmation message when confirmation is on). */
  ERR_CAMPAIGN_INCOMPLETE: 400,
  /** The company's plan switches this feature off (details.planFlag names the flag): the route answers nothing of it. */
  ERR_PLAN_FEATURE_DISABLED: 403,
  /** A super user closed public sign-up (installation setting signupEnabled). */
  ERR_SIGNUP_DISABLED: 403,
  /** A body names a company other than the session's (`companyId`): no call moves a record to another company. */
  ERR_COMPANY_MISMATCH: 403,
  /** A body names a user other than the caller (`userId`), which only an admin may, and only a user of the company. */
  ERR_USER_MISMATCH: 403,
  /** A body's `mediaPath` names a file that is not the record's own attachment: files arrive only through the upload routes. */
  ERR_MEDIA_PATH_REFUSED: 400,
  /** External message API: the bearer token is missing or names no connection (or names several: tokens must be unique). */
  ERR_INVALID_API_TOKEN: 401,
  /** No invoice of the company has this id (or it belongs to another company). */
  ERR_NO_INVOICE_FOUND: 404,
  /** The invoice is already paid or cancelled: it can no longer be paid, marked paid or cancelled. */
  ERR_INVOICE_NOT_OPEN: 409,
  /** The plan is free (priced 0): there is nothing to charge, so it cannot be bought nor invoiced. */
  ERR_FREE_PLAN: 409,
  /** No payment provider is configured (production without EFI_* and without the payment simulator). */
  ERR_PAYMENTS_NOT_CONFIGURED: 503,
  /** The payment provider could not be reached or refused the charge: try again shortly. */
  ERR_PAYMENT_PROVIDER: 502,
  /** A payment confirmation that is not authenticated (wrong or missing signature or secret). */
  ERR_PAYMENT_UNAUTHENTICATED: 401,
  /** A payment confirmation for a charge the product does not know. */
  ERR_NO_CHARGE_FOUND: 404,
  /** A payment confirmation whose amount is not the charge's amount: nothing is settled. */
  ERR_PAYMENT_AMOUNT_MISMATCH: 409,
  /** A URL the server would call that the outbound policy refuses (details: ZUrlNotAllowedDetails, the field and why). */
  ERR_URL_NOT_ALLOWED: 400,
  /**
   * PUT /prompt/{id}: the update moves the prompt's calls to another address (its server's origin, or the
   * speech region) while keeping a stored key, which never travels to an address it was not saved for.
   * details: ZPromptKeyRequiredDetails, the key fields to type again (or send null to remove).
   */
  ERR_PROMPT_KEY_REQUIRED: 400,
  /** The file would take the company past its plan's storage quota (details: ZStorageQuotaDetails); nothing is stored. */
  ERR_STORAGE_QUOTA: 413,
  /** The files of one upload together pass the request's limit (details: { maxTotalBytes }); nothing is stored. */
  ERR_UPLOAD_TOO_LARGE: 413,
  /** Official line (provider `cloud`): a free-form message outside the 24-hour window; only a template may be sent. Nothing is queued. */
  ERR_CLOUD_WINDOW_CLOSED: 409,
  /** No synced template of the connection's business account has this name and language. */
  ERR_CLOUD_TEMPLATE_NOT_FOUND: 404,
  /** The template exists but Meta has not approved it (details: { status }). */
  ERR_CLOUD_TEMPLATE_NOT_APPROVED: 409,
  /** The number of parameters is not the template's (details: { expected, received }). */
  ERR_CLOUD_TEMPLATE_PARAMETERS: 400,
  /** Official line webhook: a notification without a valid `X-Hub-Signature-256` of the connection's app secret (or an unknown webhook key). Nothing is stored. */
  ERR_CLOUD_WEBHOOK_UNAUTHENTICATED: 401,
  /** Official line webhook: a subscription handshake with the wrong mode or verify token (or an unknown webhook key). */
  ERR_CLOUD_WEBHOOK_FORBIDDEN: 403,
  /** A template was given for a ticket or connection that is not an official-line (`cloud`) one: only those send templates. */
  ERR_CLOUD_TEMPLATE_UNSUPPORTED: 400,
  /** The Graph API could not be reached or answered an error (details: { code?, title }); nothing was changed. */
  ERR_CLOUD_GRAPH_FAILED: 502,
  /**
   * A campaign on an official-line connection without a template: its first message reaches customers outside
   * their 24-hour window, where Meta accepts only an approved template. Choose one of the connection's templates.
   */
  ERR_CLOUD_CAMPAIGN_TEMPLATE_REQUIRED: 400,
  /**
   * A campaign on an official-line connection with an attachment or a file list but without confirmation: its files
   * would follow the template outside the customer's window. With confirmation they follow the customer's answer.
   */
  ERR_CLOUD_CAMPAIGN_FILES: 400,
  /**
   * Official line: the Graph API refused the connection's access token (wrong, expired or revoked): an
   * admin must edit the connection and paste a new one. A connection's status reason, and the answer of a
   * call that needed the token (the templates' refresh).
   */
  ERR_CLOUD_TOKEN_INVALID: 409,
  /** Official line: the Graph API knows no phone number with this id for the token; a connection's status reason. */
  ERR_CLOUD_PHONE_NUMBER_NOT_FOUND: 400,
  /** Official line: the Graph API could not be reached or failed; a connection's status reason. */
  ERR_CLOUD_UNREACHABLE: 502,
  /** Official line: the Cloud API cannot delete a sent message for everyone. */
  ERR_CLOUD_DELETE_UNSUPPORTED: 400,
  /** PUT /whatsapp/{id}: a connection cannot become, or stop being, an official-line (`cloud`) one; create another connection. */
  ERR_CLOUD_PROVIDER_CHANGE: 409,
  /** The password is right and the account has two-factor sign-in on: send the same request again with `code`. */
  ERR_2FA_REQUIRED: 401,
  /**
   * The two-factor code (or recovery code) is wrong, expired or already used. 400, not 401: the session
   * that turns the second factor on or off stays valid when the code typed there is wrong.
   */
  ERR_2FA_INVALID_CODE: 400,
  /**
   * The user must turn on two-factor sign-in (their company or the installation requires it) before
   * anything but its setup, GET /auth/me and logout. 403: the web client refreshes its session, whose
   * user (`twoFactorSetupRequired: true`) takes it to the setup page.
   */
  ERR_2FA_SETUP_REQUIRED: 403,
  /** POST /auth/2fa/setup or /enable: two-factor sign-in is already on for the account. */
  ERR_2FA_ALREADY_ENABLED: 409,
  /** POST /auth/2fa/disable: two-factor sign-in is not on for the account. */
  ERR_2FA_NOT_ENABLED: 409,
  /** POST /auth/2fa/enable without a pending POST /auth/2fa/setup. */
  ERR_2FA_NOT_SET_UP: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ZErrorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_CODES[code];
}

/** The body of every error answer. */
export const ZApiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof ZApiErrorBody>;

/** Details of ERR_STORAGE_QUOTA: what the company stores and its plan's quota, in bytes. */
export const ZStorageQuotaDetails = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
export type StorageQuotaDetails = z.infer<typeof ZStorageQuotaDetails>;

/** Details of ERR_SUBSCRIPTION_EXPIRED: the due date that passed. */
export const ZSubscriptionExpiredDetails = z.object({ dueDate: z.string() });

/** Why the outbound policy refuses a URL a company gave (an address the server must not reach, or not http/https). */
export const EGRESS_REFUSALS = ["not-http", "loopback", "private", "link-local", "metadata", "multicast", "unspecified", "reserved"] as const;
export type EgressRefusal = (typeof EGRESS_REFUSALS)[number];

/** Details of ERR_URL_NOT_ALLOWED: the body field holding the URL and why it is refused. */
export const ZUrlNotAllowedDetails = z.object({ field: z.string(), reason: z.enum(EGRESS_REFUSALS) });
export type UrlNotAllowedDetails = z.infer<typeof ZUrlNotAllowedDetails>;
/** The key fields of a prompt. */
export const PROMPT_KEY_FIELDS = ["apiKey", "voiceKey"] as const;
export type PromptKeyField = (typeof PROMPT_KEY_FIELDS)[number];

/** Details of ERR_PROMPT_KEY_REQUIRED: the key fields to type again, as the issues of ERR_VALIDATION name fields. */
export const ZPromptKeyRequiredDetails = z.array(z.object({ in: z.literal("body"), path: z.enum(["/apiKey", "/voiceKey"]), message: z.string() }));
