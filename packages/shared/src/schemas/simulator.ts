import { z } from "zod";
import { ZIdText } from "./common.ts";
import { ZConnectionStatus } from "./connections.ts";

/**
 * The built-in WhatsApp simulator's HTTP contract (`/simulator/…`, docs/simulator.md). It exists
 * only when the server runs with the simulator on, never in production.
 */

export const SIMULATOR_LIMITS = {
  /** Largest decoded media of one inbound message. */
  mediaMaxBytes: 16 * 1024 * 1024,
  /** Messages in one batch. */
  batchMax: 500,
  bodyMax: 65536,
  pageSizeDefault: 50,
  pageSizeMax: 200,
} as const;

/** Kinds a simulated customer can send; `unknown` stands for anything else the network might carry. */
export const SIMULATOR_MESSAGE_KINDS = ["chat", "image", "audio", "video", "document", "location", "vcard", "call_log", "sticker", "unknown"] as const;
export const ZSimulatorMessageKind = z.enum(SIMULATOR_MESSAGE_KINDS);
export type SimulatorMessageKind = z.infer<typeof ZSimulatorMessageKind>;

/** Kinds that carry a file in `media`. */
export const SIMULATOR_MEDIA_KINDS: readonly SimulatorMessageKind[] = ["image", "audio", "video", "document", "sticker"];

export const SIMULATOR_CALL_STATUSES = ["offer", "ringing", "timeout", "reject", "accept", "terminate"] as const;

const BASE64_MAX_CHARS = Math.ceil(SIMULATOR_LIMITS.mediaMaxBytes / 3) * 4;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes that a base64 string decodes to. */
export function base64DecodedLength(data: string): number {
  const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

/** A person's number: digits only, 8 to 15 of them. */
export const ZSimulatorPhone = z.string().regex(/^\d{8,15}$/, "A number is 8 to 15 digits");
/** A group id: digits, optionally followed by `-` and more digits (`5511999990000-1600000000`). */
export const ZSimulatorGroupId = z.string().regex(/^\d{5,30}(-\d{1,20})?$/, "A group id is digits, optionally followed by - and digits");
/** The conversation in a path: a person's number or a group id. */
export const ZSimulatorChatNumber = ZSimulatorGroupId;
/** A network message id. */
export const ZSimulatorWid = z.string().regex(/^[A-Za-z0-9._:-]{1,128}$/, "A message id is 1 to 128 letters, digits or . _ : -");

export const ZSimulatorMedia = z.strictObject({
  /** The file content, standard base64 without a data: prefix; at most 16 MB decoded. */
  data: z
    .string()
    .min(1, "Media data is empty")
    .max(BASE64_MAX_CHARS, "Media is larger than 16 MB")
    .refine((data) => data.length % 4 === 0 && BASE64.test(data), "Media data is not valid base64")
    .refine((data) => base64DecodedLength(data) <= SIMULATOR_LIMITS.mediaMaxBytes, "Media is larger than 16 MB"),
  mimetype: z
    .string()
    .max(100)
    .regex(/^[\w.+-]+\/[\w.+-]+(\s*;.*)?$/, "Not a MIME type"),
  filename: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[^/\\\0]+$/, "A file name has no path")
    .optional(),
});

/** The parts of a message that depend on its kind. */
interface KindParts {
  kind: SimulatorMessageKind;
  body: string;
  media?: unknown;
  voice?: boolean;
  location?: unknown;
  vcard?: unknown;
  call?: unknown;
  rawType?: string;
}

/** Each kind needs its own part and no other: a media kind its file, location its coordinates, and so on. */
function checkKindParts(message: KindParts, ctx: z.RefinementCtx): void {
  const needs = (present: boolean, field: string, required: boolean) => {
    if (present && !required) ctx.addIssue({ code: "custom", path: [field], message: `${field} is not allowed for kind ${message.kind}` });
    if (!present && required) ctx.addIssue({ code: "custom", path: [field], message: `${field} is required for kind ${message.kind}` });
  };
  needs(message.media !== undefined, "media", SIMULATOR_MEDIA_KINDS.includes(message.kind));
  needs(message.location !== undefined, "location", message.kind === "location");
  needs(message.vcard !== undefined, "vcard", message.kind === "vcard");
  needs(message.call !== undefined, "call", message.kind === "call_log");
  needs(message.rawType !== undefined, "rawType", message.kind === "unknown");
  if (message.voice !== undefined && message.kind !== "audio") {
    ctx.addIssue({ code: "custom", path: ["voice"], message: "voice is only for kind audio" });
  }
  if (message.kind === "chat" && message.body.trim() === "") {
    ctx.addIssue({ code: "custom", path: ["body"], message: "A text message needs a body" });
  }
}

/** POST /simulator/connections/:id/messages: one message a simulated customer sends to the company. */
export const ZSimulatorInboundBody = z
  .strictObject({
    /** The customer's number (in a group: the participant who writes). */
    from: ZSimulatorPhone,
    name: z.string().trim().max(100).optional(),
    /** Present for a message written in a group. */
    group: z.strictObject({ id: ZSimulatorGroupId, name: z.string().trim().max(100).optional() }).optional(),
    kind: ZSimulatorMessageKind.default("chat"),
    /** Text, or the caption of a media message. */
    body: z.string().max(SIMULATOR_LIMITS.bodyMax).default(""),
    /** The network id; generated when absent. Give the same one twice to simulate a redelivery. */
    wid: ZSimulatorWid.optional(),
    /** Network id of the message this one replies to. */
    quotedWid: ZSimulatorWid.optional(),
    /** Written on the company's own phone, not through Conversa. */
    fromMe: z.boolean().default(false),
    timestamp: z.iso.datetime({ offset: true }).optional(),
    media: ZSimulatorMedia.optional(),
    /** An audio recorded as a voice note. */
    voice: z.boolean().optional(),
    location: z
      .strictObject({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        description: z.string().max(500).optional(),
      })
      .optional(),
    vcard: z.strictObject({ name: z.string().trim().min(1).max(100), numbers: z.array(ZSimulatorPhone).min(1).max(10) }).optional(),
    call: z.strictObject({ status: z.enum(SIMULATOR_CALL_STATUSES), isVideo: z.boolean().default(false) }).optional(),
    /** The network's own type name of an `unknown` message. */
    rawType: z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,50}$/, "A type name is 1 to 50 letters, digits or . _ -")
      .optional(),
  })
  .superRefine(checkKindParts);
export type SimulatorInboundBody = z.infer<typeof ZSimulatorInboundBody>;
export type SimulatorInboundInput = z.input<typeof ZSimulatorInboundBody>;

/** POST /simulator/connections/:id/messages/batch. */
export const ZSimulatorBatchBody = z.strictObject({
  messages: z.array(ZSimulatorInboundBody).min(1).max(SIMULATOR_LIMITS.batchMax),
});
export const ZSimulatorBatchResponse = z.object({ count: z.number(), wids: z.array(z.string()) });

/** POST /simulator/connections/:id/scan: the QR string shown, read by the phone of `number`. */
export const ZSimulatorScanBody = z.strictObject({
  qrcode: z.string().min(1).max(500),
  number: ZSimulatorPhone,
});
export type SimulatorScanBody = z.infer<typeof ZSimulatorScanBody>;

/** PUT /simulator/connections/:id/sends: make every send fail (or work again), or answer slowly. */
export const ZSimulatorSendsBody = z.strictObject({
  refuse: z.boolean(),
  /**
   * The network takes each send at once but answers the server only this many milliseconds later, as
   * over a slow link (a server that dies meanwhile never learns the message went out). 0 when absent.
   */
  answerDelayMs: z.number().int().min(0).max(60_000).optional(),
});

export const ZSimulatorChatParams = z.object({
  id: ZIdText,
  number: ZSimulatorChatNumber,
});

export const ZSimulatorMediaParams = z.object({ messageId: ZIdText });

export const ZSimulatorMessagesQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SIMULATOR_LIMITS.pageSizeMax).default(SIMULATOR_LIMITS.pageSizeDefault),
});

/** A simulator connection as the simulator page sees it. */
export const ZSimulatorConnection = z.object({
  id: z.number(),
  companyId: z.number(),
  companyName: z.string(),
  name: z.string(),
  status: ZConnectionStatus,
  qrcode: z.string().nullable(),
  retries: z.number(),
  number: z.string().nullable(),
  /** Whether this server process drives the session. */
  isRunning: z.boolean(),
  /** Sends fail on purpose (failure switch). */
  refuseSends: z.boolean(),
  updatedAt: z.string(),
});
export type SimulatorConnection = z.infer<typeof ZSimulatorConnection>;
export const ZSimulatorConnectionList = z.array(ZSimulatorConnection);

/** One message of the simulator's side of a conversation. */
export const ZSimulatorMessage = z.object({
  id: z.number(),
  wid: z.string(),
  /** in: customer → company; out: company → customer. */
  direction: z.enum(["in", "out"]),
  /** The customer's number or the group id. */
  number: z.string(),
  /** The customer's or the group's name. */
  name: z.string().nullable(),
  isGroup: z.boolean(),
  /** Who wrote an inbound group message. */
  participant: z.object({ number: z.string(), name: z.string().nullable() }).nullable(),
  kind: z.string(),
  body: z.string(),
  media: z
    .object({
      mimetype: z.string(),
      filename: z.string().nullable(),
      size: z.number().nullable(),
      voice: z.boolean(),
      /** Where the simulator serves the content (outbound media only). */
      url: z.string().nullable(),
    })
    .nullable(),
  location: z.object({ latitude: z.number(), longitude: z.number(), description: z.string().nullable() }).nullable(),
  vcard: z.object({ name: z.string(), numbers: z.array(z.string()) }).nullable(),
  call: z.object({ status: z.string(), isVideo: z.boolean() }).nullable(),
  rawType: z.string().nullable(),
  quotedWid: z.string().nullable(),
  /** out: 1 sent, 2 delivered, 3 read by the customer; in: 2 delivered, 3 read by the company. */
  ack: z.number(),
  isDeleted: z.boolean(),
  createdAt: z.string(),
});
export type SimulatorMessage = z.infer<typeof ZSimulatorMessage>;

export const ZSimulatorChat = z.object({
  number: z.string(),
  name: z.string().nullable(),
  isGroup: z.boolean(),
  lastMessage: ZSimulatorMessage,
});
export type SimulatorChat = z.infer<typeof ZSimulatorChat>;
export const ZSimulatorChatList = z.array(ZSimulatorChat);

/** A page of a conversation, oldest first within the page; page 1 is the newest. */
export const ZSimulatorMessagesPage = z.object({
  messages: z.array(ZSimulatorMessage),
  count: z.number(),
  hasMore: z.boolean(),
});
export type SimulatorMessagesPage = z.infer<typeof ZSimulatorMessagesPage>;

/** POST /simulator/connections/:id/chats/:number/read: how many company messages became read. */
export const ZSimulatorReadResponse = z.object({ read: z.number() });
