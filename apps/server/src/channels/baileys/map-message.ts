import { createHash } from "node:crypto";
import {
  type AnyMessageContent,
  type MiscMessageGenerationOptions,
  type WAMessage,
  type WAMessageKey,
  type WAMessageUpdate,
  WAMessageStatus,
  WAMessageStubType,
  getContentType,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  jidDecode,
  normalizeMessageContent,
  type proto,
  toNumber,
} from "baileys";
import type { ChannelEvent, InboundMedia, InboundMessage, OutboundMessage } from "../types.ts";
import { parseVcard } from "./vcard.ts";

/**
 * Pure translations between Baileys' shapes and the driver interface's normalised ones.
 * docs/baileys.md has the table of what maps to what and what is ignored.
 */

export interface InboundContext {
  connectionId: number;
  companyId: number;
  /** Digits of the connection's own number: the sender of messages written on the company's phone. */
  ownNumber?: string | null;
  /** Phone-number JIDs of LIDs, as resolved by the driver through the library's LID mapping store. */
  pnForLid?: ReadonlyMap<string, string>;
  /** Downloads the media of a message (the driver binds it to its socket). */
  downloadMedia(message: WAMessage): Promise<Buffer>;
}

/**
 * Content that is not a message of the conversation: protocol traffic (revokes, edits, ephemeral
 * settings, history and key sync), reactions, poll votes, pins, keep-in-chat, encryption key
 * distribution and placeholders for messages that arrive later.
 */
export const IGNORED_CONTENT: ReadonlySet<string> = new Set([
  "protocolMessage",
  "reactionMessage",
  "encReactionMessage",
  "pollUpdateMessage",
  "encEventResponseMessage",
  "keepInChatMessage",
  "pinInChatMessage",
  "senderKeyDistributionMessage",
  "fastRatchetKeySenderKeyDistributionMessage",
  "placeholderMessage",
  "stickerSyncRmrMessage",
  "secretEncryptedMessage",
]);

/** Call statuses as the simulator and Baileys' `call` event name them. */
const CALL_OUTCOME_STATUS: Record<number, string> = {
  0: "accept", // CONNECTED
  1: "timeout", // MISSED
  2: "terminate", // FAILED
  3: "reject", // REJECTED
  4: "accept", // ACCEPTED_ELSEWHERE
  5: "offer", // ONGOING
  6: "timeout", // SILENCED_BY_DND
  7: "timeout", // SILENCED_UNKNOWN_CALLER
};

const MISSED_CALL_STUBS: ReadonlyMap<number, boolean> = new Map([
  [WAMessageStubType.CALL_MISSED_VOICE, false],
  [WAMessageStubType.CALL_MISSED_VIDEO, true],
  [WAMessageStubType.CALL_MISSED_GROUP_VOICE, false],
  [WAMessageStubType.CALL_MISSED_GROUP_VIDEO, true],
]);

type ContentPart = Pick<InboundMessage, "kind" | "body" | "rawType" | "media" | "location" | "vcard" | "call">;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The user part of a JID, without device or agent suffix: `5511…:12@s.whatsapp.net` → `5511…`. */
export function userOfJid(jid: string | null | undefined): string {
  return jidDecode(jid ?? undefined)?.user ?? "";
}

/** Digits of a person's JID. */
export function numberOfJid(jid: string | null | undefined): string {
  return userOfJid(jid).replace(/\D/g, "");
}

function isPhoneJid(jid: string | null | undefined): jid is string {
  return !!jid && /@(s\.whatsapp\.net|c\.us|hosted)$/.test(jid);
}

function isLidJid(jid: string | null | undefined): jid is string {
  return !!jid && /@(lid|hosted\.lid)$/.test(jid);
}

/**
 * The phone number of a person addressed by `jid` and, in LID addressing, its alternative: the
 * phone-number JID when one is known (the key's alt, or the driver's LID mapping); the LID's own
 * digits as a last resort (they are not a phone number; see docs/baileys.md).
 */
export function personNumber(jid: string | null | undefined, alt: string | null | undefined, pnForLid?: ReadonlyMap<string, string>): string {
  const phone = [jid, alt].find(isPhoneJid);
  if (phone) return numberOfJid(phone);
  const lid = [jid, alt].find(isLidJid);
  const mapped = lid ? pnForLid?.get(lid) : undefined;
  return numberOfJid(mapped ?? lid ?? jid);
}

/** The LIDs of a message's key that have no phone-number alternative: the driver resolves these. */
export function unresolvedLids(message: WAMessage): string[] {
  const key = message.key;
  const pairs: [string | null | undefined, string | null | undefined][] = [
    [key.remoteJid, key.remoteJidAlt],
    [key.participant ?? message.participant, key.participantAlt],
  ];
  return pairs.filter(([jid, alt]) => isLidJid(jid) && !isPhoneJid(alt)).map(([jid]) => jid ?? "");
}

function inboundMedia(message: WAMessage, context: InboundContext, mimetype: string | null | undefined, fallbackMimetype: string, filename?: string | null): InboundMedia {
  return {
    mimetype: mimetype || fallbackMimetype,
    ...(filename ? { filename } : {}),
    download: () => context.downloadMedia(message),
  };
}

/** A readable stand-in for content the product has no kind for: its own text, name or title, else its type. */
function placeholderOf(content: proto.IMessage, type: string): string {
  const value: unknown = Object.entries(content).find(([key]) => key === type)?.[1];
  if (typeof value === "string" && value.trim()) return value;
  if (isRecord(value)) {
    for (const field of ["text", "caption", "name", "title", "selectedDisplayText", "description", "contentText", "groupName"]) {
      const text = value[field];
      if (typeof text === "string" && text.trim()) return text;
    }
  }
  return `[${type}]`;
}

function contextInfoOf(content: proto.IMessage, type: string): proto.IContextInfo | undefined {
  const value: unknown = Object.entries(content).find(([key]) => key === type)?.[1];
  if (!isRecord(value) || !isRecord(value.contextInfo)) return undefined;
  const stanzaId = value.contextInfo.stanzaId;
  return typeof stanzaId === "string" ? { stanzaId } : {};
}

function mapVcards(list: proto.Message.IContactMessage[], displayName: string | null | undefined): ContentPart {
  const parsed = list.map((contact) => ({ raw: contact.vcard ?? "", ...parseVcard(contact.vcard ?? "", contact.displayName ?? "") }));
  const names = parsed.map((contact) => contact.name).filter(Boolean);
  const name = names.join(", ") || displayName || "";
  const numbers = [...new Set(parsed.flatMap((contact) => contact.numbers))];
  return { kind: "vcard", body: name, vcard: { name, numbers, raw: parsed.map((contact) => contact.raw).join("\n") } };
}

function mapLocation(latitude: number | null | undefined, longitude: number | null | undefined, description: string): ContentPart {
  const location = { latitude: latitude ?? 0, longitude: longitude ?? 0, ...(description ? { description } : {}) };
  return { kind: "location", body: description || `${location.latitude}, ${location.longitude}`, location };
}

/** The kind, body and structured parts of a message's content; null for content that is ignored. */
function mapContent(message: WAMessage, content: proto.IMessage | undefined, type: string | undefined, context: InboundContext): ContentPart | null {
  if (!content || !type || IGNORED_CONTENT.has(type)) return null;
  const media = (mimetype: string | null | undefined, fallback: string, filename?: string | null) => inboundMedia(message, context, mimetype, fallback, filename);
  const { conversation, extendedTextMessage, imageMessage, videoMessage, ptvMessage, audioMessage, documentMessage, stickerMessage } = content;
  const { locationMessage, liveLocationMessage, contactMessage, contactsArrayMessage, callLogMesssage, lottieStickerMessage } = content;
  if (type === "conversation") return { kind: "chat", body: conversation ?? "" };
  if (type === "extendedTextMessage") return { kind: "chat", body: extendedTextMessage?.text ?? "" };
  if (imageMessage) return { kind: "image", body: imageMessage.caption ?? "", media: media(imageMessage.mimetype, "image/jpeg") };
  const video = videoMessage ?? ptvMessage;
  if (video) return { kind: "video", body: video.caption ?? "", media: media(video.mimetype, "video/mp4") };
  if (audioMessage) return { kind: "audio", body: "", media: media(audioMessage.mimetype, audioMessage.ptt ? "audio/ogg; codecs=opus" : "audio/mpeg") };
  if (documentMessage) {
    const body = documentMessage.caption ?? "";
    return { kind: "document", body, media: media(documentMessage.mimetype, "application/octet-stream", documentMessage.fileName ?? documentMessage.title) };
  }
  if (stickerMessage) return { kind: "sticker", body: "", media: media(stickerMessage.mimetype, "image/webp") };
  const lottie = lottieStickerMessage?.message?.stickerMessage;
  if (lottie && lottieStickerMessage?.message) {
    const inner: WAMessage = { ...message, message: lottieStickerMessage.message };
    return { kind: "sticker", body: "", media: { mimetype: lottie.mimetype || "application/was", download: () => context.downloadMedia(inner) } };
  }
  if (locationMessage) {
    const description = [locationMessage.name, locationMessage.address].filter(Boolean).join("\n");
    return mapLocation(locationMessage.degreesLatitude, locationMessage.degreesLongitude, description);
  }
  if (liveLocationMessage) return mapLocation(liveLocationMessage.degreesLatitude, liveLocationMessage.degreesLongitude, liveLocationMessage.caption ?? "");
  if (contactMessage) return mapVcards([contactMessage], contactMessage.displayName);
  if (contactsArrayMessage) return mapVcards(contactsArrayMessage.contacts ?? [], contactsArrayMessage.displayName);
  if (callLogMesssage) {
    return { kind: "call_log", body: "", call: { status: CALL_OUTCOME_STATUS[callLogMesssage.callOutcome ?? 1] ?? "timeout", isVideo: callLogMesssage.isVideo === true } };
  }
  if (type === "call") return { kind: "call_log", body: "", call: { status: "offer", isVideo: false } };
  return { kind: "unknown", body: placeholderOf(content, type), rawType: type };
}

/**
 * A Baileys message → the normalised inbound message, or null when it is not a message of a
 * conversation with a person or a group (status broadcasts, newsletters, protocol messages,
 * reactions, group notifications and other stubs, undecryptable placeholders).
 */
export function mapInboundMessage(message: WAMessage, context: InboundContext): InboundMessage | null {
  const { key } = message;
  const remoteJid = key.remoteJid;
  const wid = key.id;
  if (!remoteJid || !wid || isJidBroadcast(remoteJid) || isJidNewsletter(remoteJid)) return null;
  // Ephemeral, view-once, document-with-caption and edited wrappers are unwrapped by the library.
  const content = normalizeMessageContent(message.message);
  // The proto spells the call log "callLogMesssage", which the library's getContentType does not recognise.
  const type = getContentType(content) ?? (content?.callLogMesssage ? "callLogMesssage" : undefined);
  const missedCallIsVideo = message.messageStubType ? MISSED_CALL_STUBS.get(message.messageStubType) : undefined;
  const part: ContentPart | null =
    missedCallIsVideo !== undefined ? { kind: "call_log", body: "", call: { status: "timeout", isVideo: missedCallIsVideo } } : mapContent(message, content, type, context);
  if (!part) return null;

  const isGroup = isJidGroup(remoteJid) === true;
  const fromMe = key.fromMe === true;
  const chatNumber = isGroup ? userOfJid(remoteJid) : personNumber(remoteJid, key.remoteJidAlt, context.pnForLid);
  const participantNumber = isGroup ? personNumber(key.participant ?? message.participant, key.participantAlt, context.pnForLid) : chatNumber;
  const senderNumber = fromMe ? context.ownNumber || participantNumber : participantNumber;
  if (!chatNumber || !senderNumber) return null;
  const pushName = fromMe ? undefined : message.pushName?.trim() || undefined;
  // A group's subject is not in its messages: the driver adds it.
  const chatName = isGroup ? undefined : pushName;
  const seconds = toNumber(message.messageTimestamp);
  const quotedWid = content && type ? contextInfoOf(content, type)?.stanzaId : undefined;

  return {
    connectionId: context.connectionId,
    companyId: context.companyId,
    wid,
    fromMe,
    chat: { number: chatNumber, isGroup, ...(chatName ? { name: chatName } : {}) },
    sender: { number: senderNumber, ...(pushName ? { name: pushName } : {}) },
    timestamp: seconds > 0 ? new Date(seconds * 1000) : new Date(),
    ...part,
    ...(quotedWid ? { quotedWid } : {}),
  };
}

/**
 * A Baileys message status → the product's ack, which keeps the network's values so that the spec's
 * table (core §4) holds: PENDING 1 and SERVER_ACK 2 single tick, DELIVERY_ACK 3 double tick, READ 4 and
 * PLAYED 5 double blue tick. ERROR and missing statuses are not acks (null).
 */
export function ackOfStatus(status: number | null | undefined): number | null {
  if (status === null || status === undefined || status <= WAMessageStatus.ERROR) return null;
  return Math.min(status, WAMessageStatus.PLAYED);
}

/** A `messages.update` entry → an ack event for a message the company sent; null for anything else. */
export function mapAckUpdate(
  update: WAMessageUpdate,
  scope: { connectionId: number; companyId: number },
): Extract<ChannelEvent, { type: "ack" }> | null {
  const { key } = update;
  const ack = ackOfStatus(update.update.status);
  if (!key.id || key.fromMe !== true || ack === null) return null;
  if (key.remoteJid && (isJidBroadcast(key.remoteJid) || isJidNewsletter(key.remoteJid))) return null;
  return { type: "ack", connectionId: scope.connectionId, companyId: scope.companyId, wid: key.id, ack };
}

/** The JID of a person's digits or of a group id; a full JID is kept as is. */
export function jidOf(to: string, isGroup: boolean): string {
  if (to.includes("@")) return to;
  return isGroup ? `${to}@g.us` : `${to.replace(/\D/g, "")}@s.whatsapp.net`;
}

/**
 * The network id of a send, derived from its idempotency key in the format of the ids WhatsApp Web
 * generates (`3EB0` + 18 hex digits): a retried send carries the same id.
 */
export function messageIdOf(idempotencyKey: string): string {
  return `3EB0${createHash("sha256").update(`conversa:${idempotencyKey}`).digest("hex").toUpperCase().slice(0, 18)}`;
}

export interface BaileysSend {
  jid: string;
  content: AnyMessageContent;
  options: MiscMessageGenerationOptions;
  messageId: string;
}

/** Types WhatsApp shows inline; other images and videos are sent as documents. */
const INLINE_IMAGE = /^image\/(jpeg|png|webp)$/;
const INLINE_VIDEO = /^video\/(mp4|3gpp)$/;
/** The voice-note format WhatsApp plays; an Ogg file is labelled with its codec. */
const VOICE_MIMETYPE = "audio/ogg; codecs=opus";

function contentOf(message: OutboundMessage): AnyMessageContent {
  const { media } = message;
  if (!media) return { text: message.body };
  const upload = { url: media.path };
  const baseType = media.mimetype.split(";")[0]?.trim().toLowerCase() ?? "";
  // The engine may put the file name in the body of a media message; it is not repeated as a caption.
  const caption = message.body.trim() && message.body !== media.filename ? { caption: message.body } : {};
  if (INLINE_IMAGE.test(baseType)) return { image: upload, mimetype: media.mimetype, ...caption };
  if (INLINE_VIDEO.test(baseType)) return { video: upload, mimetype: media.mimetype, ...caption };
  if (baseType.startsWith("audio/")) {
    const asVoice = media.asVoice === true;
    return { audio: upload, mimetype: asVoice && baseType === "audio/ogg" ? VOICE_MIMETYPE : media.mimetype, ptt: asVoice };
  }
  return { document: upload, mimetype: media.mimetype, fileName: media.filename, ...caption };
}

function quotedMessageOf(jid: string, quoted: NonNullable<OutboundMessage["quoted"]>): WAMessage {
  const key: WAMessageKey = { remoteJid: jid, id: quoted.wid, fromMe: quoted.fromMe };
  if (quoted.participant) key.participant = jidOf(quoted.participant, false);
  return { key, message: { conversation: quoted.body } };
}

/** An outbound message → what `sendMessage` takes: the JID, the content, and options with the derived message id and the quote. */
export function mapOutboundMessage(message: OutboundMessage): BaileysSend {
  const jid = jidOf(message.to, message.isGroup);
  const messageId = messageIdOf(message.idempotencyKey);
  const options: MiscMessageGenerationOptions = { messageId };
  if (message.quoted) options.quoted = quotedMessageOf(jid, message.quoted);
  return { jid, content: contentOf(message), options, messageId };
}
