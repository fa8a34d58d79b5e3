import { readFile } from "node:fs/promises";
import type { ConnectionStatus, ErrorCode } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import {
  type ChannelDriver,
  type ChannelEventSink,
  ChannelNotConnectedError,
  ChannelSendRejectedError,
  type DriverConnection,
  type OutboundMessage,
} from "../types.ts";
import { CLOUD_PROVIDER, type CloudCredentials, loadCloudCredentials } from "./cloud-connections.ts";
import { type AttemptKey, claimSendAttempt, confirmSendAttempt, findSendAttempt, forgetSendAttempt } from "./cloud-send-attempts.ts";
import { rejectionOf } from "./graph-errors.ts";
import { GraphClient, GraphError } from "./graph-client.ts";

/**
 * How long a send interrupted between the Graph API call and its bookkeeping waits for Meta's status
 * webhook to tell its message id; after that its delivery is unknown and it is failed, never sent again.
 */
export const CLOUD_SEND_CONFIRM_MS = 10 * 60_000;

/**
 * When the Graph API could not be reached (or failed) while a session was checked, it is checked again after
 * these waits, the last one repeated: a connection started while Meta or the network was down comes back alone.
 */
export const CLOUD_RECHECK_MS = [30_000, 60_000, 120_000, 300_000, 600_000] as const;

/** A pending timer, cancelled when its session ends. */
export interface DriverTimer {
  cancel(): void;
}

/** Runs `task` after `ms`. */
export type StartDriverTimer = (task: () => void, ms: number) => DriverTimer;

const processTimer: StartDriverTimer = (task, ms) => {
  const timer = setTimeout(task, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

export const UNKNOWN_DELIVERY_REASON = "Delivery unknown after an interruption: check with the customer before sending again";

export interface CloudDriverDeps {
  db: Db;
  /** Opens the connection's sealed access token. */
  box: SecretBox;
  sink: ChannelEventSink;
  /** The Graph API's base URL (WHATSAPP_CLOUD_API_URL). */
  graphUrl: string;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock of the send attempts; the process's unless a test drives it. */
  now?: () => Date;
  /** Starts the timers of the checks made again; the process's clock unless a test drives it. */
  startTimer?: StartDriverTimer;
  fetch?: typeof fetch;
}

interface Session {
  connection: DriverConnection;
  credentials: CloudCredentials & { accessToken: string };
  client: GraphClient;
  connected: boolean;
  recheck?: DriverTimer;
}

/** Why a session could not be checked, as the connection shows it. */
function statusReasonOf(error: unknown): ErrorCode {
  if (!(error instanceof GraphError)) return "ERR_CLOUD_UNREACHABLE";
  if (error.isAuth) return "ERR_CLOUD_TOKEN_INVALID";
  // An unknown object id (code 100, subcode 33), or one the token may not read.
  if (error.code === 100 || error.status === 404 || error.code === 10 || error.code === 200) return "ERR_CLOUD_PHONE_NUMBER_NOT_FOUND";
  return "ERR_CLOUD_UNREACHABLE";
}

/** The Cloud API's message type of a media: stickers are WebP images; voice notes are audio. */
function mediaTypeOf(mimetype: string): "image" | "audio" | "video" | "document" | "sticker" {
  if (mimetype === "image/webp") return "sticker";
  if (mimetype.startsWith("image/")) return "image";
  if (mimetype.startsWith("audio/")) return "audio";
  if (mimetype.startsWith("video/")) return "video";
  return "document";
}

const URL_IN_TEXT = /\bhttps?:\/\/\S/i;

/** The `POST /{phoneNumberId}/messages` body of a send (the media already uploaded as `mediaId`). */
function messageBody(message: OutboundMessage, mediaId: string | undefined): Record<string, unknown> {
  const base: Record<string, unknown> = {
    recipient_type: "individual",
    to: message.to.replace(/\D/g, ""),
    // Meta hands this back in the message's status webhooks: the send's own key, which no crash loses.
    biz_opaque_callback_data: message.idempotencyKey,
    ...(message.quoted ? { context: { message_id: message.quoted.wid } } : {}),
  };
  if (message.template) {
    const { name, language, parameters } = message.template;
    const components = parameters.length > 0 ? [{ type: "body", parameters: parameters.map((text) => ({ type: "text", text })) }] : [];
    return { ...base, type: "template", template: { name, language: { code: language }, components } };
  }
  if (message.media && mediaId) {
    const type = mediaTypeOf(message.media.mimetype);
    const media: Record<string, unknown> = { id: mediaId };
    // Audio and stickers take no caption; a document keeps its file name.
    if (message.body && (type === "image" || type === "video" || type === "document")) media.caption = message.body;
    if (type === "document") media.filename = message.media.filename;
    return { ...base, type, [type]: media };
  }
  return { ...base, type: "text", text: { body: message.body, preview_url: URL_IN_TEXT.test(message.body) } };
}

/**
 * The official WhatsApp line (provider `cloud`) through Meta's Graph API. There is no pairing: starting a
 * session checks the stored credentials (`GET /{phoneNumberId}`) and reports CONNECTED with the number, or
 * DISCONNECTED with the reason. Inbound messages and statuses arrive by the webhook, not here.
 */
export class CloudDriver implements ChannelDriver {
  readonly provider = CLOUD_PROVIDER;
  private readonly sessions = new Map<number, Session>();

  constructor(private readonly deps: CloudDriverDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  private async report(connection: DriverConnection, status: ConnectionStatus, extra: { number?: string | null; reason?: ErrorCode | null } = {}): Promise<void> {
    await this.deps.sink({ type: "status", connectionId: connection.id, companyId: connection.companyId, status, qrcode: null, ...extra });
  }

  async start(connection: DriverConnection): Promise<void> {
    this.endSession(connection.id);
    await this.report(connection, "OPENING");
    const credentials = await loadCloudCredentials(this.deps.db, this.deps.box, connection.companyId, connection.id);
    const accessToken = credentials?.accessToken;
    if (!credentials || !accessToken) {
      // Never set, or sealed with another DATA_ENCRYPTION_KEY: the admin must type it again.
      this.deps.log.warn({ connectionId: connection.id }, "cloud connection without a usable access token");
      await this.report(connection, "DISCONNECTED", { reason: "ERR_CLOUD_TOKEN_INVALID" });
      return;
    }
    const client = new GraphClient({ baseUrl: this.deps.graphUrl, accessToken, fetch: this.deps.fetch });
    const session: Session = { connection, credentials: { ...credentials, accessToken }, client, connected: false };
    this.sessions.set(connection.id, session);
    await this.check(session, 0);
  }

  /** Checks a session's credentials at Meta (`GET /{phoneNumberId}`); an unreachable Graph API is checked again later. */
  private async check(session: Session, attempt: number): Promise<void> {
    const { connection, client, credentials } = session;
    try {
      const phone = await client.phoneNumber(credentials.phoneNumberId);
      if (this.sessions.get(connection.id) !== session) return;
      session.connected = true;
      const number = (phone.display_phone_number ?? "").replace(/\D/g, "") || null;
      await this.report(connection, "CONNECTED", { number });
    } catch (error) {
      if (this.sessions.get(connection.id) !== session) return;
      const reason = statusReasonOf(error);
      this.logGraphError(error, connection.id, "cloud credentials check failed");
      await this.report(connection, "DISCONNECTED", { reason });
      if (reason !== "ERR_CLOUD_UNREACHABLE" || this.sessions.get(connection.id) !== session) return;
      const wait = CLOUD_RECHECK_MS[Math.min(attempt, CLOUD_RECHECK_MS.length - 1)]!;
      session.recheck = (this.deps.startTimer ?? processTimer)(() => {
        session.recheck = undefined;
        if (this.sessions.get(connection.id) !== session) return;
        this.check(session, attempt + 1).catch((failure: unknown) => this.deps.log.error({ err: failure, connectionId: connection.id }, "cloud credentials check failed"));
      }, wait);
    }
  }

  private endSession(connectionId: number): void {
    this.sessions.get(connectionId)?.recheck?.cancel();
    this.sessions.delete(connectionId);
  }

  async stop(connectionId: number): Promise<void> {
    this.endSession(connectionId);
  }

  /** Nothing is forgotten at Meta (the token stays valid there); the session ends, DISCONNECTED. */
  async logout(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    this.endSession(connectionId);
    if (session) await this.report(session.connection, "DISCONNECTED");
  }

  private connected(connectionId: number): Session {
    const session = this.sessions.get(connectionId);
    if (!session?.connected) throw new ChannelNotConnectedError(connectionId);
    return session;
  }

  /** Logs a Graph API failure by its code and title only (never a token, never a body). */
  private logGraphError(error: unknown, connectionId: number, message: string): void {
    if (error instanceof GraphError) this.deps.log.warn({ connectionId, status: error.status, code: error.code, subcode: error.subcode, title: error.title }, message);
    else this.deps.log.error({ err: error, connectionId }, message);
  }

  /** The token stopped working: the session is DISCONNECTED with the reason, until the admin saves a new one. */
  private async tokenRefused(session: Session): Promise<void> {
    if (this.sessions.get(session.connection.id) !== session) return;
    session.connected = false;
    await this.report(session.connection, "DISCONNECTED", { reason: "ERR_CLOUD_TOKEN_INVALID" });
  }

  /**
   * Sends once per idempotency key, though the Graph API has none: an attempt row is committed before the
   * call and given the message id after it. A try that finds a row answers its id without calling; one
   * whose row has no id (a crash between the call and its bookkeeping) never calls again: it waits for
   * Meta's status webhook to bring the id (a retryable error) for CLOUD_SEND_CONFIRM_MS, then rejects.
   * Throws ChannelNotConnectedError (not connected, or the token refused: the connection is then
   * DISCONNECTED with the reason), ChannelSendRejectedError (refused for good, with a readable reason),
   * or another Error to be retried (rate limits, Meta unreachable).
   */
  async send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    const session = this.connected(connectionId);
    if (message.isGroup) throw new ChannelSendRejectedError("The official WhatsApp line cannot send to groups");
    const key: AttemptKey = { companyId: session.connection.companyId, connectionId, idempotencyKey: message.idempotencyKey };
    const previous = await findSendAttempt(this.deps.db, key);
    if (previous) return this.previousAttempt(previous);
    const { phoneNumberId } = session.credentials;
    try {
      const mediaId = message.media && !message.template ? await this.upload(session, message.media) : undefined;
      if (!(await claimSendAttempt(this.deps.db, key, this.now()))) {
        const raced = await findSendAttempt(this.deps.db, key);
        if (raced) return this.previousAttempt(raced);
      }
      let answer: Awaited<ReturnType<GraphClient["sendMessage"]>>;
      try {
        answer = await session.client.sendMessage(phoneNumberId, messageBody(message, mediaId));
      } catch (error) {
        // Meta answered that it did not take it: a later try may call again. A timeout keeps the row.
        if (error instanceof GraphError && error.notReceived) await forgetSendAttempt(this.deps.db, key);
        throw error;
      }
      const wid = answer.messages[0]?.id;
      if (!wid) throw new GraphError(200, undefined, undefined, "answer without a message id", undefined);
      await confirmSendAttempt(this.deps.db, key, wid);
      return { wid };
    } catch (error) {
      throw await this.sendFailure(session, error);
    }
  }

  private previousAttempt(attempt: { wid: string | null; createdAt: Date }): { wid: string } {
    if (attempt.wid) return { wid: attempt.wid };
    if (this.now().getTime() - attempt.createdAt.getTime() < CLOUD_SEND_CONFIRM_MS) {
      throw new Error("Waiting for Meta to confirm a send that was interrupted");
    }
    throw new ChannelSendRejectedError(UNKNOWN_DELIVERY_REASON);
  }

  /** The error a failed send throws on: the engine retries or fails the message by its class. */
  private async sendFailure(session: Session, error: unknown): Promise<Error> {
    if (!(error instanceof GraphError)) return error instanceof Error ? error : new Error(String(error));
    this.logGraphError(error, session.connection.id, "cloud send failed");
    if (error.isAuth) {
      await this.tokenRefused(session);
      return new ChannelNotConnectedError(session.connection.id);
    }
    if (error.isTransient) return new Error(`Graph API: ${error.title}`);
    return new ChannelSendRejectedError(rejectionOf(error));
  }

  /** Uploads a media to `/{phoneNumberId}/media`: the id to send it by. */
  private async upload(session: Session, media: NonNullable<OutboundMessage["media"]>): Promise<string> {
    const data = await readFile(media.path);
    const { id } = await session.client.uploadMedia(session.credentials.phoneNumberId, data, media.mimetype, media.filename);
    if (!id) throw new GraphError(200, undefined, undefined, "upload answered no media id", undefined);
    return id;
  }

  /** The Cloud API cannot delete a sent message for everyone. Throws ERR_CLOUD_DELETE_UNSUPPORTED. */
  async deleteMessage(): Promise<void> {
    throw new AppError("ERR_CLOUD_DELETE_UNSUPPORTED", undefined, "The official WhatsApp line cannot delete a sent message for everyone");
  }

  /** The Cloud API has no lookup of numbers: any number is taken as it is (a send to one not on WhatsApp fails then). */
  async checkNumber(_connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    const digits = number.replace(/\D/g, "");
    return digits ? { exists: true, number: digits } : { exists: false };
  }

  /** Marks the customer's messages read: Meta marks every earlier message with the latest (best effort). */
  async markRead(connectionId: number, chat: { number: string; isGroup: boolean }, wids: string[]): Promise<void> {
    const session = this.sessions.get(connectionId);
    const latest = wids.at(-1);
    if (!session?.connected || chat.isGroup || !latest) return;
    try {
      await session.client.markRead(session.credentials.phoneNumberId, latest);
    } catch (error) {
      this.logGraphError(error, connectionId, "cloud read receipt failed");
      if (error instanceof GraphError && error.isAuth) await this.tokenRefused(session);
    }
  }
}
