import { randomBytes } from "node:crypto";
import { CONNECTION_DEFAULTS, CONNECTION_TOKEN_RULE, type Connection, type ConnectionBody, type ConnectionProvider, ZConnectionProvider, cloudBodyIssues, connectionForStaff } from "@conversa/shared";
import type { ChannelManager } from "../../channels/channel-manager.ts";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { violatedUniqueConstraint } from "../../db/errors.ts";
import { AppError } from "../../lib/app-error.ts";
import { hitRateLimits, secondsUntilOpen } from "../../db/rate-limit.ts";
import { assertReferencesExist } from "../../db/references.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { recordAudit } from "../audit/index.ts";
import { assertCompanyQueues } from "../queues/index.ts";
import {
  canAddConnection,
  canEditOrDeleteConnection,
  canSeeConnectionToken,
  canSeePairingCode,
  canUseSessionActions,
  fitsConnectionLimit,
  needsGreeting,
} from "./connections.policy.ts";
import {
  type CloudValues,
  type ConnectionUrls,
  type ConnectionValues,
  clearDefaultConnections,
  countConnections,
  deleteConnectionRow,
  findConnection,
  findConnectionLimit,
  findConnectionQueueIds,
  findConnectionRow,
  findConnectionWithToken,
  findOtherConnectionId,
  insertConnection,
  isConnectionNameTaken,
  isConnectionTokenTaken,
  listConnections as listConnectionRows,
  lockCompanyConnections,
  replaceConnectionQueues,
  saveSessionState,
  setDefaultConnection,
  updateConnectionRow,
} from "./connections.repository.ts";

export interface ConnectionsDeps {
  db: Db;
  events: DomainEvents;
  channels: Pick<ChannelManager, "start" | "restartWithNewQr" | "disconnect" | "remove">;
  logger?: { error(obj: object, msg: string): void };
  /** Seals the official line's access token and app secret. */
  box: SecretBox;
  urls: ConnectionUrls;
}

export type ConnectionDetail = Connection & { token: string | null };

const notFound = () => new AppError("ERR_NO_WAPP_FOUND", undefined, "Connection not found");
const noPermission = () => new AppError("ERR_NO_PERMISSION");

/** A new external-API token: 24 random bytes (192 bits) as 32 URL-safe characters. */
export function generateConnectionToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * The answer to a typed token that cannot be used because another connection (of any company) has it:
 * exactly the route's answer to a token too short or too long, so that it says nothing more.
 */
class UnusableTokenError extends AppError {
  constructor() {
    super("ERR_VALIDATION", [{ in: "body", path: "/token", message: CONNECTION_TOKEN_RULE }], "Invalid request");
  }
}

/**
 * Typed tokens refused for being another connection's, per company and per address: they tell that a
 * value is in use, so they are limited like wrong tokens at the external API.
 */
const REFUSED_TOKENS = { max: 20, windowMs: 15 * 60_000 };
const refusedTokenCounters = (companyId: number, address: string) => [
  { name: "connections.token-refused", subject: `company:${companyId}`, rule: REFUSED_TOKENS },
  { name: "connections.token-refused", subject: `address:${address}`, rule: REFUSED_TOKENS },
];

/**
 * Runs a save that sets the typed token `typed` (if any): refused with ERR_RATE_LIMITED while the company
 * or the address is past its refused tokens, and each refusal (checked, or caught by the unique index when
 * two saves race) counted.
 */
async function withTokenRefusalsCounted<T>(deps: ConnectionsDeps, companyId: number, address: string, typed: string | undefined, save: () => Promise<T>): Promise<T> {
  if (typed === undefined) return save();
  const counters = refusedTokenCounters(companyId, address);
  for (const counter of counters) {
    const retryAfter = await secondsUntilOpen(deps.db, counter);
    if (retryAfter > 0) throw new AppError("ERR_RATE_LIMITED", { retryAfter }, `Too many refused tokens; retry in ${retryAfter} s`);
  }
  try {
    return await save();
  } catch (error) {
    const refused = error instanceof UnusableTokenError || violatedUniqueConstraint(error) === "connections_token_unique";
    if (!refused) throw error;
    await hitRateLimits(deps.db, counters).catch((limited: unknown) => {
      if (!(limited instanceof AppError && limited.code === "ERR_RATE_LIMITED")) throw limited;
    });
    throw new UnusableTokenError();
  }
}

/** An official-line connection's webhook key or verify token: 24 random bytes (192 bits) as 32 URL-safe characters. */
function generateCloudKey(): string {
  return randomBytes(24).toString("base64url");
}

const NO_CLOUD: CloudValues = {
  cloudPhoneNumberId: null,
  cloudBusinessAccountId: null,
  cloudAccessToken: null,
  cloudAppSecret: null,
  cloudWebhookKey: null,
  cloudVerifyToken: null,
};

/**
 * The official line's settings of a connection of `provider`: the body's ids when given, else the stored
 * ones; a typed token or secret sealed, left out the stored one; the webhook key and the verify token
 * generated once, when the connection becomes a `cloud` one. Other providers have none.
 */
function mergeCloudValues(box: SecretBox, body: ConnectionBody, provider: string, base: CloudValues): CloudValues {
  if (provider !== "cloud") return NO_CLOUD;
  const cloud = body.cloud ?? undefined;
  return {
    cloudPhoneNumberId: cloud?.phoneNumberId ?? base.cloudPhoneNumberId,
    cloudBusinessAccountId: cloud?.businessAccountId ?? base.cloudBusinessAccountId,
    cloudAccessToken: cloud?.accessToken ? box.seal(cloud.accessToken) : base.cloudAccessToken,
    cloudAppSecret: cloud?.appSecret ? box.seal(cloud.appSecret) : base.cloudAppSecret,
    cloudWebhookKey: base.cloudWebhookKey ?? generateCloudKey(),
    cloudVerifyToken: base.cloudVerifyToken ?? generateCloudKey(),
  };
}

/**
 * The body's value when given, else the current one. The token: a typed one as given; left out, the
 * current one; empty or null (or left out with none yet), a new random one.
 */
function mergeValues(box: SecretBox, body: ConnectionBody, base: ConnectionValues): ConnectionValues {
  const token = (body.token === undefined ? base.token : body.token) || generateConnectionToken();
  const provider = body.provider ?? base.provider;
  return {
    ...mergeCloudValues(box, body, provider, base),
    name: body.name,
    provider,
    isDefault: body.isDefault ?? base.isDefault,
    greetingMessage: body.greetingMessage ?? base.greetingMessage,
    complationMessage: body.complationMessage ?? base.complationMessage,
    outOfHoursMessage: body.outOfHoursMessage ?? base.outOfHoursMessage,
    ratingMessage: body.ratingMessage ?? base.ratingMessage,
    expiresInactiveMessage: body.expiresInactiveMessage ?? base.expiresInactiveMessage,
    expiresTicket: body.expiresTicket ?? base.expiresTicket,
    timeUseBotQueues: body.timeUseBotQueues ?? base.timeUseBotQueues,
    maxUseBotQueues: body.maxUseBotQueues ?? base.maxUseBotQueues,
    timeToTransfer: body.timeToTransfer === undefined ? base.timeToTransfer : body.timeToTransfer,
    transferQueueId: body.transferQueueId === undefined ? base.transferQueueId : body.transferQueueId,
    promptId: body.promptId === undefined ? base.promptId : body.promptId,
    token,
  };
}

const NEW_CONNECTION: ConnectionValues = {
  name: "",
  provider: CONNECTION_DEFAULTS.provider,
  isDefault: false,
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  expiresInactiveMessage: "",
  expiresTicket: CONNECTION_DEFAULTS.expiresTicket,
  timeUseBotQueues: CONNECTION_DEFAULTS.timeUseBotQueues,
  maxUseBotQueues: CONNECTION_DEFAULTS.maxUseBotQueues,
  timeToTransfer: null,
  transferQueueId: null,
  promptId: null,
  token: null,
  ...NO_CLOUD,
};

/**
 * A connection's fields as its audit entries show them: never its external-API token, whose changes have
 * their own entry; the official line's access token and app secret by their sealed form, which the log
 * redacts (it shows whether they were set or changed, never them).
 */
function auditFields(values: ConnectionValues, queueIds: readonly number[]): Record<string, unknown> {
  return {
    ...(values.provider === "cloud"
      ? { cloudPhoneNumberId: values.cloudPhoneNumberId, cloudBusinessAccountId: values.cloudBusinessAccountId, accessToken: values.cloudAccessToken, appSecret: values.cloudAppSecret }
      : {}),
    name: values.name,
    provider: values.provider,
    isDefault: values.isDefault,
    greetingMessage: values.greetingMessage,
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    expiresInactiveMessage: values.expiresInactiveMessage,
    expiresTicket: values.expiresTicket,
    timeUseBotQueues: values.timeUseBotQueues,
    maxUseBotQueues: values.maxUseBotQueues,
    timeToTransfer: values.timeToTransfer,
    transferQueueId: values.transferQueueId,
    promptId: values.promptId,
    queueIds: [...queueIds].sort((a, b) => a - b),
  };
}

const CONNECTION_SECRET_FIELDS = ["accessToken", "appSecret"] as const;

/**
 * The official line's rules of an update: a connection cannot become or stop being a `cloud` one
 * (ERR_CLOUD_PROVIDER_CHANGE: its webhook, its message ids and its templates belong to Meta's number),
 * and only a `cloud` one takes `cloud` settings (ERR_VALIDATION on /cloud).
 */
function assertCloudUpdate(body: ConnectionBody, storedProvider: string): void {
  const provider = body.provider ?? ZConnectionProvider.catch("beta").parse(storedProvider);
  if ((provider === "cloud") !== (storedProvider === "cloud")) {
    throw new AppError("ERR_CLOUD_PROVIDER_CHANGE", undefined, "A connection cannot start or stop using the official WhatsApp API; create another connection");
  }
  assertCloudBody(body, provider, false);
}

/** Refuses `cloud` settings that do not fit a connection of `provider` with ERR_VALIDATION naming the field. */
function assertCloudBody(body: ConnectionBody, provider: ConnectionProvider, creating: boolean): void {
  const issues = cloudBodyIssues(body, provider, creating);
  if (issues.length > 0) throw new AppError("ERR_VALIDATION", issues.map((issue) => ({ in: "body", path: `/${issue.path.join("/")}`, message: issue.message })), "Invalid request");
}

/** Whether a change of an official-line connection's settings calls for checking them again (a new session). */
function cloudChanged(before: CloudValues, after: CloudValues): boolean {
  return (
    before.cloudPhoneNumberId !== after.cloudPhoneNumberId ||
    before.cloudBusinessAccountId !== after.cloudBusinessAccountId ||
    before.cloudAccessToken !== after.cloudAccessToken ||
    before.cloudAppSecret !== after.cloudAppSecret
  );
}

/** Checks the rules shared by create and update, inside the transaction `tx`. */
async function assertConnectionRules(tx: Db, companyId: number, values: ConnectionValues, queueIds: readonly number[], id?: number): Promise<void> {
  if (await isConnectionNameTaken(tx, companyId, values.name, id)) {
    throw new AppError("ERR_DUPLICATED_CONNECTION", undefined, "A connection with this name already exists");
  }
  if (values.token && (await isConnectionTokenTaken(tx, values.token, id))) throw new UnusableTokenError();
  await assertCompanyQueues(tx, companyId, values.transferQueueId === null ? queueIds : [...queueIds, values.transferQueueId]);
  if (needsGreeting(queueIds.length, values.greetingMessage)) {
    throw new AppError("ERR_WAPP_GREETING_REQUIRED", undefined, "A greeting message is required with more than one queue");
  }
}

/** Publishes the current state of each connection (after the change committed). */
async function publishConnections(deps: ConnectionsDeps, companyId: number, ids: readonly number[]): Promise<void> {
  for (const id of new Set(ids)) {
    const connection = await findConnection(deps.db, companyId, id, deps.urls);
    if (connection) deps.events.publish("connection.updated", { companyId, connection });
  }
}

/** Starts a session; a failure is logged and leaves the connection DISCONNECTED (the user can retry). */
async function startOrMarkDisconnected(deps: ConnectionsDeps, companyId: number, id: number): Promise<void> {
  try {
    await deps.channels.start(companyId, id);
  } catch (error) {
    deps.logger?.error({ err: error, connectionId: id }, "connection failed to start");
    if (await saveSessionState(deps.db, companyId, id, { status: "DISCONNECTED", qrcode: null })) {
      await publishConnections(deps, companyId, [id]);
    }
  }
}

async function requireConnection(deps: ConnectionsDeps, companyId: number, id: number): Promise<Connection> {
  const connection = await findConnection(deps.db, companyId, id, deps.urls);
  if (!connection) throw notFound();
  return connection;
}

/** Every connection of the session's company, for any profile; never a token. */
export async function listConnections(deps: ConnectionsDeps, ctx: RequestContext): Promise<Connection[]> {
  const list = await listConnectionRows(deps.db, ctx.companyId, deps.urls);
  return canSeePairingCode(ctx) ? list : list.map(connectionForStaff);
}

/** One connection; its external-API token only for those who may edit it. Throws ERR_NO_WAPP_FOUND. */
export async function getConnection(deps: ConnectionsDeps, ctx: RequestContext, id: number): Promise<ConnectionDetail> {
  const found = await findConnectionWithToken(deps.db, ctx.companyId, id, deps.urls);
  if (!found) throw notFound();
  return { ...(canSeePairingCode(ctx) ? found.connection : connectionForStaff(found.connection)), token: canSeeConnectionToken(ctx) ? found.token : null };
}

/**
 * Creates a connection and starts its session (a start failure is logged; the connection stays,
 * DISCONNECTED). The company's first connection becomes its default; a new default un-defaults the others.
 * A non-null promptId must name a prompt of the company (none can exist yet). Without a typed token the
 * connection gets a random one; a typed one must be no other connection's (`address`: the caller's, for
 * the limit of refused tokens). An official-line (`cloud`) connection needs its `cloud` settings (the
 * token and the secret sealed) and gets its webhook key and verify token here; it counts in the plan's limit.
 * Throws ERR_NO_PERMISSION, ERR_CONNECTION_LIMIT, ERR_DUPLICATED_CONNECTION, ERR_NO_QUEUE_FOUND,
 * ERR_WAPP_GREETING_REQUIRED, ERR_NO_PROMPT_FOUND, ERR_VALIDATION (token, cloud), ERR_RATE_LIMITED.
 */
export async function createConnection(deps: ConnectionsDeps, ctx: RequestContext, body: ConnectionBody, address: string): Promise<Connection> {
  if (!canAddConnection(ctx)) throw noPermission();
  assertCloudBody(body, body.provider ?? CONNECTION_DEFAULTS.provider, true);
  await assertReferencesExist(deps.db, ctx.companyId, { promptId: body.promptId });
  const { companyId } = ctx;
  const queueIds = [...new Set(body.queueIds ?? [])];
  const { id, undefaulted } = await withTokenRefusalsCounted(deps, companyId, address, body.token || undefined, () => deps.db.transaction(async (tx) => {
    await lockCompanyConnections(tx, companyId);
    const existing = await countConnections(tx, companyId);
    if (!fitsConnectionLimit(existing, await findConnectionLimit(tx, companyId))) {
      throw new AppError("ERR_CONNECTION_LIMIT", undefined, "The plan's connection limit has been reached");
    }
    const values = mergeValues(deps.box, body, NEW_CONNECTION);
    values.isDefault = existing === 0 || values.isDefault;
    await assertConnectionRules(tx, companyId, values, queueIds);
    const cleared = values.isDefault ? await clearDefaultConnections(tx, companyId) : [];
    const newId = await insertConnection(tx, companyId, values);
    await replaceConnectionQueues(tx, companyId, newId, queueIds);
    await recordAudit(tx, ctx, { action: "connection.create", target: { type: "connection", id: newId }, after: auditFields(values, queueIds), secretFields: CONNECTION_SECRET_FIELDS });
    return { id: newId, undefaulted: cleared };
  }));
  await publishConnections(deps, companyId, [id, ...undefaulted]);
  await startOrMarkDisconnected(deps, companyId, id);
  return requireConnection(deps, companyId, id);
}

/**
 * Changes a connection; `queueIds`, when given, replace its queues. Un-defaulting the default
 * connection is refused; making one default un-defaults the others. A changed provider, or changed official-line
 * settings, restart the session. A `cloud` connection's settings left out are kept (its token and secret too).
 * A non-null promptId must name a prompt of the company (none can exist yet). The token: left out, kept;
 * empty or null, replaced by a random one; typed, it must be no other connection's (`address` as for create).
 * Throws ERR_NO_PERMISSION, ERR_NO_WAPP_FOUND, ERR_NO_OTHER_WHATSAPP, ERR_DUPLICATED_CONNECTION,
 * ERR_NO_QUEUE_FOUND, ERR_WAPP_GREETING_REQUIRED, ERR_NO_PROMPT_FOUND, ERR_VALIDATION (token, cloud), ERR_RATE_LIMITED,
 * ERR_CLOUD_PROVIDER_CHANGE.
 */
export async function updateConnection(deps: ConnectionsDeps, ctx: RequestContext, id: number, body: ConnectionBody, address: string): Promise<Connection> {
  if (!canEditOrDeleteConnection(ctx)) throw noPermission();
  await assertReferencesExist(deps.db, ctx.companyId, { promptId: body.promptId });
  const { companyId } = ctx;
  // Only a token that changes can be another connection's (the stored one is this connection's own).
  const stored = body.token ? (await findConnectionRow(deps.db, companyId, id))?.token : undefined;
  const typed = body.token && body.token !== stored ? body.token : undefined;
  const { undefaulted, restart } = await withTokenRefusalsCounted(deps, companyId, address, typed, () => deps.db.transaction(async (tx) => {
    await lockCompanyConnections(tx, companyId);
    const row = await findConnectionRow(tx, companyId, id);
    if (!row) throw notFound();
    if (row.isDefault && body.isDefault === false) {
      throw new AppError("ERR_NO_OTHER_WHATSAPP", undefined, "There must be at least one default connection");
    }
    assertCloudUpdate(body, row.provider);
    const values = mergeValues(deps.box, body, row);
    const storedQueueIds = await findConnectionQueueIds(tx, companyId, id);
    const queueIds = body.queueIds === undefined ? storedQueueIds : [...new Set(body.queueIds)];
    await assertConnectionRules(tx, companyId, values, queueIds, id);
    const cleared = values.isDefault && !row.isDefault ? await clearDefaultConnections(tx, companyId, id) : [];
    await updateConnectionRow(tx, companyId, id, values);
    if (body.queueIds !== undefined) await replaceConnectionQueues(tx, companyId, id, queueIds);
    const target = { type: "connection", id };
    await recordAudit(tx, ctx, { action: "connection.update", target, before: auditFields(row, storedQueueIds), after: auditFields(values, queueIds), secretFields: CONNECTION_SECRET_FIELDS });
    // A new token (typed, or generated for an empty one) is its own entry; the values stay redacted.
    if (values.token !== row.token) {
      await recordAudit(tx, ctx, { action: "connection.token.rotate", target, before: { token: row.token }, after: { token: values.token }, secretFields: ["token"] });
    }
    return { undefaulted: cleared, restart: values.provider !== row.provider || cloudChanged(row, values) };
  }));
  await publishConnections(deps, companyId, [id, ...undefaulted]);
  if (restart) {
    await deps.channels.remove(id);
    await startOrMarkDisconnected(deps, companyId, id);
  }
  return requireConnection(deps, companyId, id);
}

/**
 * Logs a connection's session out and deletes it; its tickets and messages keep their history.
 * The default connection passes the role to another one; the company's last connection cannot go.
 * Throws ERR_NO_PERMISSION, ERR_NO_WAPP_FOUND, ERR_NO_OTHER_WHATSAPP.
 */
export async function deleteConnection(deps: ConnectionsDeps, ctx: RequestContext, id: number): Promise<void> {
  if (!canEditOrDeleteConnection(ctx)) throw noPermission();
  const { companyId } = ctx;
  const noOther = () => new AppError("ERR_NO_OTHER_WHATSAPP", undefined, "There must be at least one default connection");
  const row = await findConnectionRow(deps.db, companyId, id);
  if (!row) throw notFound();
  if (row.isDefault && (await findOtherConnectionId(deps.db, companyId, id)) === undefined) throw noOther();

  await deps.channels.remove(id);
  const { newDefault } = await deps.db.transaction(async (tx) => {
    await lockCompanyConnections(tx, companyId);
    const current = await findConnectionRow(tx, companyId, id);
    if (!current) throw notFound();
    let promoted: number | undefined;
    if (current.isDefault) {
      promoted = await findOtherConnectionId(tx, companyId, id);
      if (promoted === undefined) throw noOther();
      await setDefaultConnection(tx, companyId, promoted);
    }
    await deleteConnectionRow(tx, companyId, id);
    await recordAudit(tx, ctx, { action: "connection.delete", target: { type: "connection", id }, before: { name: current.name, provider: current.provider, isDefault: current.isDefault } });
    return { newDefault: promoted };
  });
  deps.events.publish("connection.deleted", { companyId, connectionId: id });
  if (newDefault !== undefined) await publishConnections(deps, companyId, [newDefault]);
}

type SessionAuditAction = "connection.session.start" | "connection.session.restart" | "connection.session.disconnect";

/**
 * Runs a session action and records it once the driver took it; a driver's own failure is logged and
 * answered as ERR_WAPP_NOT_INITIALIZED (and recorded nowhere: nothing changed).
 */
async function sessionAction(deps: ConnectionsDeps, ctx: RequestContext, id: number, audit: SessionAuditAction, action: (companyId: number, id: number) => Promise<void>): Promise<void> {
  if (!canUseSessionActions(ctx)) throw noPermission();
  await requireConnection(deps, ctx.companyId, id);
  try {
    await action(ctx.companyId, id);
  } catch (error) {
    if (error instanceof AppError) throw error;
    deps.logger?.error({ err: error, connectionId: id }, "session action failed");
    throw new AppError("ERR_WAPP_NOT_INITIALIZED", undefined, "The session could not be started");
  }
  await recordAudit(deps.db, ctx, { action: audit, target: { type: "connection", id } });
}

/** POST /whatsappsession/{id}: starts or retries the session. Throws ERR_NO_PERMISSION, ERR_NO_WAPP_FOUND, ERR_WAPP_NOT_INITIALIZED. */
export function startConnectionSession(deps: ConnectionsDeps, ctx: RequestContext, id: number): Promise<void> {
  return sessionAction(deps, ctx, id, "connection.session.start", (companyId, connectionId) => deps.channels.start(companyId, connectionId));
}

/** PUT /whatsappsession/{id}: drops the credentials and starts over with a new QR code. Throws as startConnectionSession. */
export function renewConnectionQrCode(deps: ConnectionsDeps, ctx: RequestContext, id: number): Promise<void> {
  return sessionAction(deps, ctx, id, "connection.session.restart", (companyId, connectionId) => deps.channels.restartWithNewQr(companyId, connectionId));
}

/** DELETE /whatsappsession/{id}: logs out; the connection becomes DISCONNECTED. Throws as startConnectionSession. */
export function disconnectConnectionSession(deps: ConnectionsDeps, ctx: RequestContext, id: number): Promise<void> {
  return sessionAction(deps, ctx, id, "connection.session.disconnect", (companyId, connectionId) => deps.channels.disconnect(companyId, connectionId));
}
