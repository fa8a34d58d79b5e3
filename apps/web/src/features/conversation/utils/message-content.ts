import type { Message } from "@conversa/shared";
import { z } from "zod";

const ZLocation = z.object({ latitude: z.number(), longitude: z.number(), description: z.string().nullish() });
const ZVcard = z.object({ name: z.string(), numbers: z.array(z.string()) });
const ZCall = z.object({ isVideo: z.boolean().optional() });

export interface Location {
  latitude: number;
  longitude: number;
  description: string | null;
}

export interface ContactCard {
  name: string;
  numbers: string[];
}

/** The coordinates of a location message, from its details or a "lat, lng" body. */
export function locationOf(message: Pick<Message, "data" | "body">): Location | null {
  const parsed = ZLocation.safeParse(message.data?.location);
  if (parsed.success) return { ...parsed.data, description: parsed.data.description ?? null };
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(message.body);
  if (!match) return null;
  return { latitude: Number(match[1]), longitude: Number(match[2]), description: null };
}

/** A map page for coordinates (OpenStreetMap: no key, no tracking script). */
export function mapUrlOf(location: Pick<Location, "latitude" | "longitude">): string {
  const lat = location.latitude.toFixed(6);
  const lng = location.longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}

/** Reads a vCard's name (FN) and phone numbers (TEL, digits only as spec core §5 asks). */
export function parseVcard(text: string): ContactCard | null {
  if (!/BEGIN:VCARD/i.test(text)) return null;
  const lines = text.replace(/\r\n[ \t]/g, "").split(/\r?\n/);
  let name = "";
  const numbers: string[] = [];
  for (const line of lines) {
    const separator = line.indexOf(":");
    if (separator < 0) continue;
    const field = line.slice(0, separator).split(";")[0]?.split(".").pop()?.toUpperCase();
    const value = line.slice(separator + 1).trim();
    if (field === "FN" && !name) name = value;
    if (field === "TEL") {
      const digits = value.replace(/\D/g, "");
      if (digits) numbers.push(digits);
    }
  }
  return { name, numbers };
}

/** The contact card of a vcard / contact message: its details, a vCard body, or the body as the name. */
export function contactCardOf(message: Pick<Message, "data" | "body">): ContactCard {
  const parsed = ZVcard.safeParse(message.data?.vcard);
  if (parsed.success) return { name: parsed.data.name, numbers: parsed.data.numbers.map((n) => n.replace(/\D/g, "")).filter(Boolean) };
  return parseVcard(message.body) ?? { name: message.body, numbers: [] };
}

/** Whether a call log is of a video call. */
export function isVideoCall(message: Pick<Message, "data">): boolean {
  const parsed = ZCall.safeParse(message.data?.call);
  return parsed.success && parsed.data.isVideo === true;
}

/** Whether the server could not download the media of an inbound message. */
export function hasMediaError(message: Pick<Message, "data">): boolean {
  return Boolean(message.data?.mediaError);
}

const MEDIA_WITH_CAPTION = new Set(["image", "video", "application", "audio", "sticker"]);
/** Types whose body is only a readable rendering of what the bubble already shows. */
const RENDERED_TYPES = new Set(["location", "vcard", "contactMessage", "call_log"]);

/**
 * The text shown in a bubble: the body of a text message, the caption of a media message unless it
 * only repeats the file name, nothing for locations, contact cards and calls (their body only
 * describes what the bubble shows).
 */
export function captionOf(message: Pick<Message, "mediaType" | "body" | "mediaName" | "mediaUrl">): string {
  if (RENDERED_TYPES.has(message.mediaType)) return "";
  if (!MEDIA_WITH_CAPTION.has(message.mediaType) || !message.mediaUrl) return message.body;
  const body = message.body.trim();
  return body === message.mediaName || body === message.mediaUrl.split("/").pop() ? "" : message.body;
}

/** Whether a message shows something besides its text (media, location, card, call). */
export function hasMediaContent(message: Pick<Message, "mediaType" | "mediaUrl">): boolean {
  return message.mediaType !== "chat" || message.mediaUrl !== null;
}

/** How a message without text is named in previews (quoted replies). */
export type MessageKind = "image" | "audio" | "video" | "document" | "sticker" | "location" | "contact" | "call" | "text";

export function messageKindOf(mediaType: string): MessageKind {
  switch (mediaType) {
    case "image":
    case "audio":
    case "video":
    case "sticker":
    case "location":
      return mediaType;
    case "application":
      return "document";
    case "vcard":
    case "contactMessage":
      return "contact";
    case "call_log":
      return "call";
    default:
      return "text";
  }
}
