import { z } from "zod";
import { ZId, ZIdText } from "./common.ts";
import { LIMITS } from "../constants.ts";
import { ZErrorCode } from "../errors.ts";

export const CONNECTION_STATUSES = ["CONNECTED", "qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const;
export const ZConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ZConnectionStatus>;

/** Statuses that light the '!' badge of the /connections menu item. */
export const CONNECTION_ATTENTION_STATUSES: readonly ConnectionStatus[] = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"];

/** `beta`: WhatsApp Web (Baileys); `simulator`: the built-in stand-in; `cloud`: Meta's official WhatsApp Cloud API. */
export const CONNECTION_PROVIDERS = ["beta", "simulator", "cloud"] as const;
export const ZConnectionProvider = z.enum(CONNECTION_PROVIDERS);
export type ConnectionProvider = z.infer<typeof ZConnectionProvider>;

export const CONNECTION_DEFAULTS = { maxUseBotQueues: 3, expiresTicket: 0, timeUseBotQueues: 0, provider: "beta" } as const;

const ZQueueRef = z.object({ id: z.number(), name: z.string(), color: z.string() });

/**
 * An official-line connection's Graph API settings as answers show them: the ids, where Meta must call
 * (`webhookUrl`, the installation's public URL + `/webhooks/whatsapp-cloud/{key}`, or the path alone when
 * PUBLIC_URL is not configured) and the verify token of Meta's handshake; the access token and the app
 * secret only as whether they are set. `webhookUrl` and `verifyToken` are null for those who may not
 * configure connections (as the pairing QR code).
 */
export const ZConnectionCloud = z.object({
  phoneNumberId: z.string(),
  businessAccountId: z.string(),
  webhookUrl: z.string().nullable(),
  verifyToken: z.string().nullable(),
  hasAccessToken: z.boolean(),
  hasAppSecret: z.boolean(),
});
export type ConnectionCloud = z.infer<typeof ZConnectionCloud>;

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
  /** Provider `cloud`: its Graph API settings; null for the other providers. */
  cloud: ZConnectionCloud.nullable(),
  /**
   * Why the connection is DISCONNECTED when the network said why (an error code of the catalogue, e.g.
   * ERR_CLOUD_TOKEN_INVALID); null otherwise.
   */
  statusReason: ZErrorCode.nullable(),
  queues: z.array(ZQueueRef),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof ZConnection>;

/**
 * A connection as those who may not pair or configure connections see it (user-profile accounts): without
 * the pairing QR code, nor the official line's webhook URL and verify token.
 */
export function connectionForStaff(connection: Connection): Connection {
  return { ...connection, qrcode: null, cloud: connection.cloud && { ...connection.cloud, webhookUrl: null, verifyToken: null } };
}

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

/** A Graph API object id: digits. */
const ZGraphId = z.string().trim().regex(/^\d{1,64}$/, { error: "Digits only (the id Meta's app dashboard shows)" });
const ZCloudSecret = (max: number) => z.string().trim().min(1).max(max).regex(/^[!-~]+$/, { error: "Printable characters without spaces" });

/**
 * The Graph API settings of an official-line connection (provider `cloud`) as a body gives them. The
 * access token and the app secret are write-only: required when the connection is created, left out on
 * an update to keep the stored ones.
 */
export const ZConnectionCloudBody = z.strictObject({
  phoneNumberId: ZGraphId,
  businessAccountId: ZGraphId,
  accessToken: ZCloudSecret(4096).optional(),
  appSecret: ZCloudSecret(256).optional(),
});
export type ConnectionCloudBody = z.infer<typeof ZConnectionCloudBody>;

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
  /** Provider `cloud` only (null or left out otherwise; left out on an update keeps the stored settings). */
  cloud: ZConnectionCloudBody.nullable().optional(),
});
export type ConnectionBody = z.infer<typeof ZConnectionBody>;

/** A rule of the `cloud` settings broken by a body, with the field it names. */
export interface CloudBodyIssue {
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with a body's `cloud` settings for a connection of `provider` (`creating`: a new one, whose
 * token and secret are required); an empty list when nothing is.
 */
export function cloudBodyIssues(body: Pick<ConnectionBody, "cloud">, provider: ConnectionProvider, creating: boolean): CloudBodyIssue[] {
  if (provider !== "cloud") return body.cloud ? [{ path: ["cloud"], message: "Only a cloud connection takes cloud settings" }] : [];
  if (!body.cloud) return creating ? [{ path: ["cloud"], message: "A cloud connection needs its phone number id, business account id, access token and app secret" }] : [];
  if (!creating) return [];
  const issues: CloudBodyIssue[] = [];
  if (!body.cloud.accessToken) issues.push({ path: ["cloud", "accessToken"], message: "Required for a new cloud connection" });
  if (!body.cloud.appSecret) issues.push({ path: ["cloud", "appSecret"], message: "Required for a new cloud connection" });
  return issues;
}

/** POST /whatsapp: a connection's fields, with the `cloud` settings a new official-line connection needs. */
export const ZCreateConnectionBody = ZConnectionBody.superRefine((body, context) => {
  for (const issue of cloudBodyIssues(body, body.provider ?? CONNECTION_DEFAULTS.provider, true)) context.addIssue({ code: "custom", ...issue });
});

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
