import { type CloudChangeValue, type CloudInboundMessage, type CloudStatus } from "@conversa/shared";
import { z } from "zod";
import type { InboundMedia, InboundMessage } from "../types.ts";
import type { GraphClient } from "./graph-client.ts";

/**
 * The Cloud API webhook's `messages` field turned into the engine's normalised events: the customers'
 * messages (`value.messages[]`, named by `value.contacts[]`) and the statuses of the business's own
 * messages (`value.statuses[]`). Pure mapping: nothing here reads or writes the database.
 */

/** Downloads an inbound media by its Graph API id. */
export type CloudMediaFetcher = (mediaId: string) => Promise<Buffer>;

/** Where a notification belongs: the connection its webhook key named. */
export interface CloudWebhookTarget {
  connectionId: number;
  companyId: number;
}

/** PostgreSQL text cannot hold a NUL character: whatever a customer's phone sent is kept without it. */
function clean(text: string | undefined): string {
  return (text ?? "").replaceAll("\u0000", "");
}

const ZText = z.looseObject({ body: z.string() });
const ZMedia = z.looseObject({ id: z.string().min(1).max(256), mime_type: z.string().max(255).optional(), caption: z.string().optional(), filename: z.string().optional() });
const ZLocation = z.looseObject({ latitude: z.number(), longitude: z.number(), name: z.string().optional(), address: z.string().optional() });
const ZContactCard = z.looseObject({
  name: z.looseObject({ formatted_name: z.string().optional(), first_name: z.string().optional(), last_name: z.string().optional() }).optional(),
  phones: z.array(z.looseObject({ phone: z.string().optional(), wa_id: z.string().optional() })).max(100).optional(),
});
const ZContacts = z.array(ZContactCard).min(1).max(100);
const ZReply = z.looseObject({ id: z.string().optional(), title: z.string() });
const ZInteractive = z.looseObject({ type: z.string(), button_reply: ZReply.optional(), list_reply: ZReply.optional() });
const ZButton = z.looseObject({ text: z.string().optional(), payload: z.string().optional() });
const ZReaction = z.looseObject({ message_id: z.string().min(1).max(256), emoji: z.string().optional() });

type ContentPart = Pick<InboundMessage, "kind" | "body" | "rawType" | "media" | "location" | "vcard" | "quotedWid">;

/** The default type of each media kind, when Meta does not say. */
const FALLBACK_MIME: Record<string, string> = {
  image: "image/jpeg",
  audio: "audio/ogg",
  video: "video/mp4",
  document: "application/octet-stream",
  sticker: "image/webp",
};

function unknownPart(type: string): ContentPart {
  return { kind: "unknown", rawType: type.slice(0, 60), body: `[${type}]` };
}

function mediaPart(message: CloudInboundMessage, type: "image" | "audio" | "video" | "document" | "sticker", fetchMedia: CloudMediaFetcher): ContentPart {
  const parsed = ZMedia.safeParse(message[type]);
  if (!parsed.success) return unknownPart(type);
  const { id, mime_type: mimeType, caption, filename } = parsed.data;
  const media: InboundMedia = {
    mimetype: mimeType || (FALLBACK_MIME[type] ?? "application/octet-stream"),
    ...(filename ? { filename: clean(filename) } : {}),
    download: () => fetchMedia(id),
  };
  const body = clean(caption) || (type === "document" ? clean(filename) : "");
  return { kind: type, body, media };
}

function digitsOf(phone: string | undefined): string {
  return (phone ?? "").replace(/\D/g, "");
}

/** A vCard 3.0 of one shared contact: its name and phone numbers (the wa_id when WhatsApp knows the number). */
function vcardOf(name: string, phones: { phone?: string; wa_id?: string }[]): string {
  const escape = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, " ");
  const lines = ["BEGIN:VCARD", "VERSION:3.0", `FN:${escape(name)}`];
  for (const phone of phones) {
    const digits = digitsOf(phone.wa_id ?? phone.phone);
    if (!digits) continue;
    lines.push(`TEL;type=CELL${phone.wa_id ? `;waid=${digitsOf(phone.wa_id)}` : ""}:+${digits}`);
  }
  lines.push("END:VCARD");
  return lines.join("\n");
}

function contactsPart(message: CloudInboundMessage): ContentPart {
  const parsed = ZContacts.safeParse(message.contacts);
  if (!parsed.success) return unknownPart("contacts");
  const cards = parsed.data.map((card) => {
    const name = clean(card.name?.formatted_name || [card.name?.first_name, card.name?.last_name].filter(Boolean).join(" "));
    const phones = card.phones ?? [];
    return { name, numbers: phones.map((phone) => digitsOf(phone.wa_id ?? phone.phone)).filter(Boolean), raw: vcardOf(name, phones) };
  });
  const name = cards.map((card) => card.name).filter(Boolean).join(", ");
  const numbers = [...new Set(cards.flatMap((card) => card.numbers))];
  return { kind: "vcard", body: name, vcard: { name, numbers, raw: cards.map((card) => card.raw).join("\n") } };
}

/** The content of one customer message; null for content the product does not store (a reaction taken back). */
function contentOf(message: CloudInboundMessage, fetchMedia: CloudMediaFetcher): ContentPart | null {
  switch (message.type) {
    case "text": {
      const parsed = ZText.safeParse(message.text);
      return parsed.success ? { kind: "chat", body: clean(parsed.data.body) } : unknownPart("text");
    }
    case "image":
    case "audio":
    case "video":
    case "document":
    case "sticker":
      return mediaPart(message, message.type, fetchMedia);
    case "location": {
      const parsed = ZLocation.safeParse(message.location);
      if (!parsed.success) return unknownPart("location");
      const description = clean([parsed.data.name, parsed.data.address].filter(Boolean).join("\n"));
      const location = { latitude: parsed.data.latitude, longitude: parsed.data.longitude, ...(description ? { description } : {}) };
      return { kind: "location", body: description || `${location.latitude}, ${location.longitude}`, location };
    }
    case "contacts":
      return contactsPart(message);
    case "interactive": {
      // The customer tapped a reply button or picked a list row: what they chose reads as their text.
      const parsed = ZInteractive.safeParse(message.interactive);
      const reply = parsed.success ? (parsed.data.button_reply ?? parsed.data.list_reply) : undefined;
      return reply ? { kind: "chat", body: clean(reply.title) } : unknownPart(parsed.success ? `interactive:${parsed.data.type}` : "interactive");
    }
    case "button": {
      // A quick-reply button of a template: its text is what the customer "said".
      const parsed = ZButton.safeParse(message.button);
      const text = parsed.success ? clean(parsed.data.text || parsed.data.payload) : "";
      return text ? { kind: "chat", body: text } : unknownPart("button");
    }
    case "reaction": {
      // The product has no reactions of its own: a reaction reads as the emoji, quoting the message it reacts to.
      // An empty emoji is a reaction taken back: nothing to show.
      const parsed = ZReaction.safeParse(message.reaction);
      if (!parsed.success) return unknownPart("reaction");
      const emoji = clean(parsed.data.emoji);
      return emoji ? { kind: "chat", body: emoji, quotedWid: parsed.data.message_id } : null;
    }
    default:
      return unknownPart(message.type);
  }
}

/** The customer messages of a `messages` change, in the order Meta lists them. */
export function inboundMessagesOf(value: CloudChangeValue, target: CloudWebhookTarget, fetchMedia: CloudMediaFetcher): InboundMessage[] {
  const names = new Map<string, string>();
  for (const contact of value.contacts ?? []) {
    const name = clean(contact.profile?.name).trim();
    if (contact.wa_id && name) names.set(digitsOf(contact.wa_id), name);
  }
  const out: InboundMessage[] = [];
  for (const message of value.messages ?? []) {
    const number = digitsOf(message.from);
    if (!number) continue;
    const content = contentOf(message, fetchMedia);
    if (!content) continue;
    const name = names.get(number) ?? (value.contacts?.length === 1 ? clean(value.contacts[0]?.profile?.name).trim() || undefined : undefined);
    const quotedWid = content.quotedWid ?? message.context?.id;
    out.push({
      connectionId: target.connectionId,
      companyId: target.companyId,
      wid: message.id,
      fromMe: false,
      chat: { number, isGroup: false, ...(name ? { name } : {}) },
      sender: { number, ...(name ? { name } : {}) },
      timestamp: new Date(Number(message.timestamp) * 1000),
      ...content,
      ...(quotedWid ? { quotedWid } : {}),
    });
  }
  return out;
}

/** The product's ack of each Cloud API status (applyAck's scale: 1 sent to the network, 2 delivered, 3 read). */
export const CLOUD_STATUS_ACKS: Readonly<Record<string, number>> = { sent: 1, delivered: 2, read: 3 };

/** What one status of a business message means for the product. */
export type CloudStatusUpdate =
  | { type: "ack"; wid: string; ack: number; idempotencyKey?: string }
  | { type: "failed"; wid: string; reason: string; idempotencyKey?: string };

/** A readable reason of a failed status: Meta's title (and details), with its error code. */
export function failureReasonOf(status: CloudStatus): string {
  const error = status.errors?.[0];
  if (!error) return "WhatsApp could not deliver the message";
  const title = clean(error.title || error.message).trim() || "WhatsApp could not deliver the message";
  const details = clean(error.error_data?.details).trim();
  const text = details && details !== title ? `${title}: ${details}` : title;
  return `${text}${error.code === undefined ? "" : ` (${error.code})`}`.slice(0, 500);
}

/** The statuses of a `messages` change the product acts on; unknown statuses (e.g. `deleted`) are left out. */
export function statusUpdatesOf(value: CloudChangeValue): CloudStatusUpdate[] {
  const out: CloudStatusUpdate[] = [];
  for (const status of value.statuses ?? []) {
    const key = status.biz_opaque_callback_data ? { idempotencyKey: status.biz_opaque_callback_data } : {};
    if (status.status === "failed") out.push({ type: "failed", wid: status.id, reason: failureReasonOf(status), ...key });
    const ack = CLOUD_STATUS_ACKS[status.status];
    if (ack !== undefined) out.push({ type: "ack", wid: status.id, ack, ...key });
  }
  return out;
}

/** Downloads inbound media the way Meta documents it: `GET /{mediaId}` for its URL, then the URL with the bearer token. */
export function cloudMediaFetcher(client: GraphClient, maxBytes: number): CloudMediaFetcher {
  return async (mediaId) => {
    const info = await client.mediaInfo(mediaId);
    if (typeof info?.url !== "string" || !info.url) throw new Error("the Graph API gave no download URL for the media");
    if (typeof info.file_size === "number" && info.file_size > maxBytes) throw new Error("the media is larger than the upload limit");
    const { data } = await client.downloadMedia(info.url, maxBytes);
    return Buffer.from(data);
  };
}
