import { z } from "zod";
import { ZId, ZIdText } from "./common.ts";
import { LIMITS } from "../constants.ts";

export const CONNECTION_STATUSES = ["CONNECTED", "qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const;
export const ZConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ZConnectionStatus>;

/** Statuses that light the '!' badge of the /connections menu item. */
export const CONNECTION_ATTENTION_STATUSES: readonly ConnectionStatus[] = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"];

export const CONNECTION_PROVIDERS = ["beta", "simulator"] as const;
export const ZConnectionProvider = z.enum(CONNECTION_PROVIDERS);
export type ConnectionProvider = z.infer<typeof ZConnectionProvider>;

export const CONNECTION_DEFAULTS = { maxUseBotQueues: 3, expiresTicket: 0, timeUseBotQueues: 0, provider: "beta" } as const;

const ZQueueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

/** A connection as the web app sees it. The external-API token and the channel credentials are never here. */
export const ZConnection = z.object({
  id: z.number(),
  name: z.string(),
  status: ZConnectionStatus,
  provider: ZConnectionProvider,
  isDefault: z.boolean(),
  number: z.string().nullable(),
  qrcode: z.string().nullable(),
  retries: z.number(),
  greetingMessage: z.string(),
  complationMessage: z.string(),
  outOfHoursMessage: z.string(),
  ratingMessage: z.string(),
  expiresInactiveMessage: z.string(),
  expiresTicket: z.number(),
  timeUseBotQueues: z.number(),
  maxUseBotQueues: z.number(),
  timeToTransfer: z.number().nullable(),
  transferQueueId: z.number().nullable(),
  promptId: z.number().nullable(),
  /** Whether an external-API token is set (the token itself is shown only by GET /whatsapp/{id} to admins). */
  hasToken: z.boolean(),
  queues: z.array(ZQueueRef),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof ZConnection>;

/** GET /whatsapp/{id} for an admin: the connection plus its external-API token. */
export const ZConnectionDetail = ZConnection.extend({ token: z.string().nullable() });

/**
 * A connection's external-API token: one the server generates has 32 characters (192 random bits); one typed
 * in, 32 to 200 printable ASCII characters without spaces (what an `Authorization: Bearer` header carries).
 */
export const CONNECTION_TOKEN_LIMITS = { min: 32, max: 200 } as const;

/**
 * Why a typed token is refused, the same text whatever the reason (too short, too long, another
 * connection's): the answer tells no more about a token in use than about a short one.
 */
export const CONNECTION_TOKEN_RULE = `Use ${CONNECTION_TOKEN_LIMITS.min} to ${CONNECTION_TOKEN_LIMITS.max} letters, digits or symbols, without spaces, that no other connection uses, or leave it empty to have one generated`;

/**
 * The external-API token as a body gives it: empty (or null) asks the server for a random one;
 * anything else must have 32 to 200 characters once trimmed, printable ASCII without spaces (and be no other
 * connection's, which the server checks).
 */
export const CONNECTION_TOKEN_PATTERN = new RegExp(`^(|[!-~]{${CONNECTION_TOKEN_LIMITS.min},${CONNECTION_TOKEN_LIMITS.max}})$`);
export const ZConnectionToken = z.string().trim().regex(CONNECTION_TOKEN_PATTERN, { error: CONNECTION_TOKEN_RULE });

const minutes = z.coerce.number().int().min(0).max(525600);
const text = z.string().max(4000);

export const ZConnectionBody = z.strictObject({
  name: z.string().trim().min(LIMITS.nameMin).max(LIMITS.nameMax),
  provider: ZConnectionProvider.optional(),
  isDefault: z.boolean().optional(),
  greetingMessage: text.optional(),
  complationMessage: text.optional(),
  outOfHoursMessage: text.optional(),
  ratingMessage: text.optional(),
  expiresInactiveMessage: text.optional(),
  expiresTicket: minutes.optional(),
  timeUseBotQueues: minutes.optional(),
  maxUseBotQueues: z.coerce.number().int().min(0).max(100).optional(),
  timeToTransfer: minutes.nullable().optional(),
  transferQueueId: ZId.nullable().optional(),
  promptId: ZId.nullable().optional(),
  token: ZConnectionToken.nullable().optional(),
  queueIds: z.array(ZId).max(100).optional(),
});
export type ConnectionBody = z.infer<typeof ZConnectionBody>;

export const ZListConnectionsQuery = z.object({
  session: z.coerce.number().int().min(0).max(1).optional(),
  companyId: ZIdText.optional(),
});

/** Payload of `company-{id}-whatsappSession` and `company-{id}-whatsapp`. */
export interface ConnectionEventPayload {
  action: "update" | "delete";
  session?: Connection;
  whatsapp?: Connection;
  whatsappId?: number;
}

export const ZConnectionList = z.array(ZConnection);

/** `company-{id}-whatsapp` as the web app parses it: a connection changed, or was deleted. */
export const ZConnectionListEvent = z.union([
  z.object({ action: z.literal("update"), whatsapp: ZConnection }),
  z.object({ action: z.literal("delete"), whatsappId: z.number() }),
]);

/** `company-{id}-whatsappSession` as the web app parses it: a session's status or QR code changed. */
export const ZConnectionSessionEvent = z.object({ action: z.literal("update"), session: ZConnection });
