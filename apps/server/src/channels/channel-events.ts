import { ZConnectionStatus, ZErrorCode } from "@conversa/shared";
import { z } from "zod";
import { INBOUND_KINDS } from "./types.ts";

const ZId = z.number().int().positive();

/**
 * The shape a channel event must have to be acted on. Drivers build their events from what the network
 * sends; one they got wrong is dropped at the channel manager, never half-stored. Objects are loose:
 * a message keeps its media downloader and the optional fields the engine reads itself.
 */
export const ZChannelEvent = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("status"),
    connectionId: ZId,
    companyId: ZId,
    status: ZConnectionStatus,
    qrcode: z.string().nullish(),
    number: z.string().nullish(),
    retries: z.number().int().nonnegative().optional(),
    reason: ZErrorCode.nullish(),
  }),
  z.object({
    type: z.literal("message"),
    message: z.looseObject({
      connectionId: ZId,
      companyId: ZId,
      wid: z.string().min(1),
      fromMe: z.boolean(),
      chat: z.looseObject({ number: z.string().min(1), isGroup: z.boolean() }),
      sender: z.looseObject({ number: z.string() }),
      timestamp: z.date(),
      kind: z.enum(INBOUND_KINDS),
      body: z.string(),
    }),
  }),
  z.object({ type: z.literal("ack"), connectionId: ZId, companyId: ZId, wid: z.string().min(1), ack: z.number().int() }),
  z.object({ type: z.literal("send_failed"), connectionId: ZId, companyId: ZId, wid: z.string().min(1), reason: z.string().min(1).max(1000) }),
]);
