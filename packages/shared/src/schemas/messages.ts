import { z } from "zod";
import { ZBooleanOrBit, ZId } from "./common.ts";
import { ZCloudTemplateSend } from "./cloud-templates.ts";
import { ZContactRef } from "./contacts.ts";

/** Kinds of message content (spec core §2 "media displayed by type"). */
export const MESSAGE_TYPES = ["chat", "image", "audio", "video", "application", "location", "vcard", "contactMessage", "call_log", "sticker"] as const;
export const ZMessageType = z.enum(MESSAGE_TYPES);
export type MessageType = z.infer<typeof ZMessageType>;

export const SEND_STATUSES = ["pending", "sent", "failed"] as const;
export const ZSendStatus = z.enum(SEND_STATUSES);

/** Message acknowledgement: 0 clock, 1–2 single tick, 3 double tick, 4–5 double blue tick. */
export const ZAck = z.number().int().min(0).max(5);

const ZMessageBase = z.object({
  id: z.number(),
  ticketId: z.number(),
  body: z.string(),
  fromMe: z.boolean(),
  read: z.boolean(),
  ack: ZAck,
  mediaType: z.string(),
  /** Authenticated URL of the stored media (`/media/{file}`), or null. */
  mediaUrl: z.string().nullable(),
  mediaName: z.string().nullable(),
  isDeleted: z.boolean(),
  sendStatus: ZSendStatus,
  /** Why the send's last try failed (pending: it is being retried) or why it gave up (failed); null otherwise. */
  sendError: z.string().nullable(),
  /** A pending send being retried is marked failed at this time (ISO); null when no try failed. */
  sendRetryUntil: z.string().nullable(),
  /** Location, vcard or call-log details, by type. */
  data: z.record(z.string(), z.unknown()).nullable(),
  /** In a group, the number of the participant who wrote the message. */
  participant: z.string().nullable(),
  /** That participant's WhatsApp name (push name) when the message arrived, if it gave one; beyond the spec's Message. */
  participantName: z.string().nullable(),
  userId: z.number().nullable(),
  contact: ZContactRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const ZQuotedMessage = ZMessageBase.pick({ id: true, body: true, fromMe: true, mediaType: true, mediaUrl: true, isDeleted: true, contact: true });

export const ZMessage = ZMessageBase.extend({ quotedMsg: ZQuotedMessage.nullable() });
export type Message = z.infer<typeof ZMessage>;

export const ZListMessagesQuery = z.object({ pageNumber: z.coerce.number().int().min(1).max(100000).default(1) });

export const TICKET_ACTIVITY_KINDS = ["accepted", "transferred", "returned", "resolved", "reopened"] as const;

const ZNamedRef = z.object({ id: z.number(), name: z.string() });

/** A line of the conversation saying what an attendant did to the ticket, and when. */
export const ZTicketActivity = z.object({
  id: z.number(),
  ticketId: z.number(),
  kind: z.enum(TICKET_ACTIVITY_KINDS),
  /** Who did it; null when that user no longer exists. */
  user: ZNamedRef.nullable(),
  /** A transfer's destination queue and attendant. */
  toQueue: ZNamedRef.nullable(),
  toUser: ZNamedRef.nullable(),
  createdAt: z.string(),
});
export type TicketActivity = z.infer<typeof ZTicketActivity>;

/**
 * GET /messages/{ticketId}: newest page first; `tickets` are the ticket ids the messages belong to, to draw dividers.
 * `activities` are the ticket activities of the same tickets that fall among this page's messages in time.
 */
export const ZListMessagesResponse = z.object({
  messages: z.array(ZMessage),
  activities: z.array(ZTicketActivity).default([]),
  ticket: z.object({ id: z.number(), uuid: z.string(), status: z.string() }),
  count: z.number(),
  hasMore: z.boolean(),
});

export const ZSendMessageBody = z.strictObject({
  body: z.string().max(65536).default(""),
  /** 1 and 0 are taken for true and false (the previous generation's client sends `read: 1`). */
  read: ZBooleanOrBit.optional(),
  fromMe: z.boolean().optional(),
  mediaUrl: z.string().max(2000).optional(),
  quotedMsg: z.object({ id: ZId }).passthrough().nullable().optional(),
  /** Prefix the body with the sender's name in bold (spec core §2 "signature"). */
  signMessage: z.boolean().optional(),
  /**
   * Official line (provider `cloud`) only: send this approved template instead of free text (the only send
   * allowed outside the 24-hour window). The rendered text is stored as the message body; `body` is ignored.
   */
  template: ZCloudTemplateSend.optional(),
});
export type SendMessageBody = z.infer<typeof ZSendMessageBody>;

/**
 * The multipart field `captions` of a send with files: a JSON list with one caption per file of `medias`,
 * in their order ("" for none). Without it, `body` is the caption of the first file.
 */
export const ZMediaCaptions = z.array(z.string().max(65536)).max(10);

/** Payload of `company-{id}-appMessage`. */
export interface AppMessageEventPayload {
  action: "create" | "update" | "delete";
  message: Message;
  ticket?: unknown;
  contact?: unknown;
}
