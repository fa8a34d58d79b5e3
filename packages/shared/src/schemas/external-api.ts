import { z } from "zod";
import { ZCloudTemplateSend } from "./cloud-templates.ts";

/** Limits of the external message API (`POST /api/messages/send`). */
export const EXTERNAL_API_LIMITS = {
  /** Sends per connection token in each window. */
  sendsPerWindow: 60,
  windowMs: 60_000,
  /** Failed token checks per address in each window before the address is refused for the window. */
  failedAuthPerWindow: 20,
  failedAuthWindowMs: 15 * 60_000,
  /** Most files in one media send. */
  maxFiles: 10,
} as const;

/**
 * The destination of an external send: digits only, country code + area code + number (5511999998888),
 * 8 to 15 digits (the network's longest numbers).
 */
export const ZExternalNumber = z
  .string()
  .regex(/^\d{8,15}$/, "Only digits: country code, area code and number, e.g. 5511999998888");

/** `POST /api/messages/send` with a JSON body: a text message. */
export const ZExternalSendTextBody = z
  .strictObject({
    number: ZExternalNumber,
    /** The text to send (required, not blank, unless `template` is given). */
    body: z.string().max(65536).default(""),
    /**
     * Official line (provider `cloud`) only: send this approved template instead of `body` (the only send
     * allowed outside the customer's 24-hour window); the rendered text is stored as the message.
     */
    template: ZCloudTemplateSend.optional(),
  })
  .superRefine((value, context) => {
    if (!value.template && value.body.trim() === "") context.addIssue({ code: "custom", path: ["body"], message: "Required" });
  });
export type ExternalSendTextBody = z.infer<typeof ZExternalSendTextBody>;

/** The text fields of a multipart `POST /api/messages/send`: the files travel in `medias`, the body is their caption. */
export const ZExternalSendMediaFields = z.strictObject({
  number: ZExternalNumber,
  /** Caption of the first file (optional). */
  body: z.string().max(65536).default(""),
});
export type ExternalSendMediaFields = z.infer<typeof ZExternalSendMediaFields>;

/** The multipart form as documented: the fields plus one or more files in `medias`. */
export const ZExternalSendMediaForm = ZExternalSendMediaFields.extend({
  /** One or more files (up to 10), checked by their content. */
  medias: z.array(z.string().meta({ format: "binary" })).min(1).max(EXTERNAL_API_LIMITS.maxFiles),
});

/** The answer of `POST /api/messages/send`: the stored message(s), queued for sending through the connection. */
export const ZExternalSendResponse = z.object({
  message: z.string(),
  /** Id of the stored message (the first one when several files were sent). */
  messageId: z.number(),
  /** Ids of every stored message, in order (one per file of a media send). */
  messageIds: z.array(z.number()),
  ticketId: z.number(),
  contactId: z.number(),
  /** Whether the send created the ticket (false: the contact's open or pending ticket on this connection was reused). */
  ticketCreated: z.boolean(),
});
export type ExternalSendResponse = z.infer<typeof ZExternalSendResponse>;
