import type { ConnectionProvider } from "@conversa/shared";
import { ZConnectionProvider } from "@conversa/shared";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import type { DomainEvents } from "../events/domain-events.ts";
import { AppError } from "../lib/app-error.ts";
import { type ConnectionUrls, findConnection, findConnectionRow, listConnectionsToStart, saveSessionState } from "../modules/connections/index.ts";
import { ZChannelEvent } from "./channel-events.ts";
import { type RemoteSessions, type SessionAnswer, type SessionCall, type SessionOp, callErrorOf, errorOfCall } from "./session-calls.ts";
import { ZChatRef, ZDeleteTarget, ZNumberCheck, ZOutboundMessage, ZPhoneContacts, ZSentMessage, ZWids } from "./session-call-schemas.ts";
import type { SessionLocks } from "./session-locks.ts";
import type { ChannelDriver, ChannelEvent, DriverConnection, InboundMessage, OutboundMessage, PhoneContact } from "./types.ts";

/** Where inbound messages and acks go: the conversation engine. */
export interface InboundHandler {
  handleInbound(message: InboundMessage): Promise<void>;
  handleAck(event: { connectionId: number; companyId: number; wid: string; ack: number }): Promise<void>;
  handleSendFailed(event: { connectionId: number; companyId: number; wid: string; reason: string }): Promise<void>;
}

export interface ChannelManagerDeps {
  db: Db;
  events: DomainEvents;
  locks: SessionLocks;
  /** How the connections published on a status change say where their webhooks are. */
  urls?: ConnectionUrls;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** First wait before sessions whose lock was lost are taken again; doubled on each failed round. */
export const RESUME_BASE_MS = 1000;
export const RESUME_MAX_MS = 15_000;
/**
 * How often a process looks for sessions no process runs (the one that ran them died) and takes them,
 * when processes share the sessions: a session is back within this, plus the time the database takes
 * to release the dead process's locks.
 */
export const ADOPT_INTERVAL_MS = 5_000;

interface RunningSession {
  driver: ChannelDriver;
  connection: DriverConnection;
}

/**
 * Owns the running sessions: picks the driver of each connection, persists what drivers report
 * (status, QR code, number) and publishes it, hands inbound messages and acks to the engine.
 * A driver's failure (a throw or a rejection of any of its methods) is logged and never leaves a
 * session half-running: a session that cannot start is DISCONNECTED, so the user can try again.
 */
export class ChannelManager {
  private readonly drivers = new Map<ConnectionProvider, ChannelDriver>();
  private readonly running = new Map<number, RunningSession>();
  /** Sessions stopped because their lock was lost, to be taken again: connection id → company id. */
  private readonly resuming = new Map<number, number>();
  private resumeTimer: ReturnType<typeof setTimeout> | undefined;
  private resumeAttempt = 0;
  private inbound: InboundHandler | undefined;
  /** The other processes, asked to act on the sessions they run (several processes with Redis). */
  private remote: RemoteSessions | undefined;
  private readonly ops = new Map<string, SessionOp>();
  private adoptTimer: ReturnType<typeof setInterval> | undefined;
  private adopting = false;
  /** The taking-over in progress, if any (stopAll waits for it). */
  private adoption: Promise<unknown> | undefined;
  /** Set while stopAll runs: no session is taken over meanwhile. */
  private stopping = false;
  private readonly sendFailureListeners: ((provider: ConnectionProvider) => void)[] = [];

  constructor(private readonly deps: ChannelManagerDeps & { adoptIntervalMs?: number }) {
    deps.locks.onLost((connectionIds) => {
      this.onLocksLost(connectionIds).catch((error: unknown) => this.deps.log.error({ err: error }, "lost sessions not stopped"));
    });
    this.registerOp("send", (id, [message]) => this.sendHere(id, ZOutboundMessage.parse(message)));
    this.registerOp("deleteMessage", async (id, [target]) => {
      await this.runningDriver(id).deleteMessage(id, ZDeleteTarget.parse(target));
    });
    this.registerOp("checkNumber", (id, [number]) => this.runningDriver(id).checkNumber(id, String(number)));
    this.registerOp("listContacts", (id) => this.listContactsHere(id));
    this.registerOp("markRead", async (id, [chat, wids]) => {
      await this.running.get(id)?.driver.markRead?.(id, ZChatRef.parse(chat), ZWids.parse(wids));
    });
    this.registerOp("start", (id, [companyId]) => this.start(Number(companyId), id));
    this.registerOp("restartWithNewQr", (id, [companyId]) => this.restartWithNewQr(Number(companyId), id));
    this.registerOp("disconnect", (id, [companyId]) => this.disconnect(Number(companyId), id));
    this.registerOp("stopSession", (id, [companyId]) => this.stopSession(Number(companyId), id));
    this.registerOp("remove", (id) => this.remove(id));
  }

  /** Lets other processes ask for `op` on the sessions this one runs (ops of a driver's own, e.g. the simulator's customers). */
  registerOp(op: string, run: SessionOp): void {
    this.ops.set(op, run);
  }

  /** Connects this manager to the other processes (their sessions are asked for through `remote`). */
  setRemote(remote: RemoteSessions | undefined): void {
    this.remote = remote;
  }

  /** Another process asks for an op on a session: answered only when the session runs here. */
  async answerCall(call: SessionCall): Promise<SessionAnswer> {
    const run = this.ops.get(call.op);
    if (!run || !this.running.has(call.connectionId)) return { handled: false };
    try {
      return { handled: true, result: (await run(call.connectionId, call.args)) ?? null };
    } catch (error) {
      return { handled: true, error: callErrorOf(error) };
    }
  }

  /**
   * Asks the process that runs the connection's session (not this one) for `op`: its answer, or
   * undefined when no process runs it (or the others cannot be reached: the caller acts here, as one
   * process would).
   */
  private async askOwner(connectionId: number, op: string, args: unknown[], timeoutMs?: number): Promise<{ result: unknown } | undefined> {
    if (!this.remote || this.running.has(connectionId)) return undefined;
    let answer: SessionAnswer;
    try {
      answer = await this.remote.call({ op, connectionId, args }, timeoutMs);
    } catch (error) {
      this.deps.log.warn({ err: error, op, connectionId }, "the other server processes did not answer");
      return undefined;
    }
    if (!answer.handled) return undefined;
    if ("error" in answer) throw errorOfCall(answer.error, connectionId);
    return { result: answer.result };
  }

  /**
   * Runs `op` where the connection's session runs: in the process that runs it, else here (also when the
   * other processes do not all answer within `timeoutMs`, for a read that must not wait long).
   */
  async onOwner<T>(connectionId: number, op: string, args: unknown[], parse: (result: unknown) => T, timeoutMs?: number): Promise<T> {
    const answered = await this.askOwner(connectionId, op, args, timeoutMs);
    if (answered) return parse(answered.result);
    const run = this.ops.get(op);
    if (!run) throw new Error(`no session op ${op}`);
    return parse(await run(connectionId, args));
  }

  registerDriver(driver: ChannelDriver): void {
    this.drivers.set(driver.provider, driver);
  }

  /** The engine registers itself here; events that arrive before are logged and dropped. */
  setInboundHandler(handler: InboundHandler): void {
    this.inbound = handler;
  }

  hasDriver(provider: ConnectionProvider): boolean {
    return this.drivers.has(provider);
  }

  /** Whether a session of this connection runs in this process. */
  isRunning(connectionId: number): boolean {
    return this.running.has(connectionId);
  }

  /**
   * The sink every driver reports to. A malformed event is logged and dropped, and so is a message or
   * an ack for a connection with no session here (or of another company than the session's); a failing
   * step is logged; a message that could not be stored is thrown back, so that the driver does not confirm it.
   */
  readonly onEvent = async (event: ChannelEvent): Promise<void> => {
    const parsed = ZChannelEvent.safeParse(event);
    if (!parsed.success) {
      this.deps.log.warn({ issues: parsed.error.issues }, "malformed channel event dropped");
      return;
    }
    if (event.type !== "status") {
      const { connectionId, companyId } = event.type === "message" ? event.message : event;
      if (this.running.get(connectionId)?.connection.companyId !== companyId) {
        this.deps.log.warn({ type: event.type, connectionId, companyId }, "channel event for a connection without a session here dropped");
        return;
      }
    }
    await this.handle(event, event.type === "message");
  };

  /**
   * The sink of events whose connection and company were established by their source from the database,
   * not by a session of this process: the Cloud API's webhook, signed with the connection's app secret and
   * handled by a job in whichever process takes it, whatever the session's state. Malformed events are
   * dropped; every failure is thrown back (an ack too), so that the job is retried and nothing Meta was
   * told was received is lost.
   */
  readonly onVerifiedEvent = async (event: ChannelEvent): Promise<void> => {
    const parsed = ZChannelEvent.safeParse(event);
    if (!parsed.success) {
      this.deps.log.warn({ issues: parsed.error.issues }, "malformed channel event dropped");
      return;
    }
    await this.handle(event, true);
  };

  /** Persists or hands on one parsed event; a failure is logged, and thrown back when `rethrow`. */
  private async handle(event: ChannelEvent, rethrow: boolean): Promise<void> {
    try {
      if (event.type === "status") {
        const saved = await saveSessionState(this.deps.db, event.companyId, event.connectionId, event);
        if (!saved) return;
        const connection = await findConnection(this.deps.db, event.companyId, event.connectionId, this.deps.urls ?? { publicUrl: undefined });
        if (connection) this.deps.events.publish("connection.updated", { companyId: event.companyId, connection });
        return;
      }
      if (!this.inbound) {
        this.deps.log.warn({ type: event.type }, "channel event before the engine was ready");
        return;
      }
      if (event.type === "message") await this.inbound.handleInbound(event.message);
      else if (event.type === "ack") await this.inbound.handleAck(event);
      else await this.inbound.handleSendFailed(event);
    } catch (error) {
      this.deps.log.error({ err: error, type: event.type }, "channel event failed");
      if (rethrow) throw error;
    }
  }

  private async driverConnection(companyId: number, connectionId: number): Promise<{ connection: DriverConnection; driver: ChannelDriver }> {
    const row = await findConnectionRow(this.deps.db, companyId, connectionId);
    if (!row) throw new AppError("ERR_NO_WAPP_FOUND");
    const provider = ZConnectionProvider.catch("beta").parse(row.provider);
    const driver = this.drivers.get(provider);
    if (!driver) throw new AppError("ERR_WAPP_NOT_INITIALIZED", undefined, `Provider ${provider} is not available on this server`);
    return { connection: { id: row.id, companyId: row.companyId, name: row.name, provider }, driver };
  }

  /** Runs a driver's method; a synchronous throw becomes a rejection like any other failure. */
  private async call<T>(work: () => Promise<T>): Promise<T> {
    return await work();
  }

  /** Stops a driver's session, logging a failure: the session is ours to forget either way. */
  private async stopDriver(driver: ChannelDriver, connectionId: number): Promise<void> {
    await this.call(() => driver.stop(connectionId)).catch((error: unknown) => this.deps.log.warn({ err: error, connectionId }, "stop failed"));
  }

  private async markDisconnected(companyId: number, connectionId: number): Promise<void> {
    await this.onEvent({ type: "status", companyId, connectionId, status: "DISCONNECTED", qrcode: null });
  }

  /**
   * Starts (or retries) a connection's session. A driver that fails to start is stopped, its lock
   * released and the connection marked DISCONNECTED; the failure is thrown on (a database that cannot
   * be reached leaves the status alone: the session did not fail, the database did).
   * Throws ERR_NO_WAPP_FOUND, ERR_WAPP_NOT_INITIALIZED, or the driver's error.
   */
  async start(companyId: number, connectionId: number): Promise<void> {
    if (await this.startHere(companyId, connectionId)) return;
    // Another process runs it: that one starts it again (a retry the user asked for).
    if (await this.askOwner(connectionId, "start", [companyId])) return;
    this.deps.log.info({ connectionId }, "session driven by another process");
  }

  /** Starts the session here when no other process runs it; false when one does. Throws as `start`. */
  private async startHere(companyId: number, connectionId: number): Promise<boolean> {
    const { connection, driver } = await this.driverConnection(companyId, connectionId);
    if (!(await this.deps.locks.acquire(connectionId))) return false;
    this.resuming.delete(connectionId);
    const previous = this.running.get(connectionId);
    if (previous) await this.stopDriver(previous.driver, connectionId);
    this.running.set(connectionId, { driver, connection });
    try {
      await this.call(() => driver.start(connection));
    } catch (error) {
      this.deps.log.error({ err: error, connectionId }, "session failed to start");
      await this.stopDriver(driver, connectionId);
      if (this.running.get(connectionId)?.driver === driver) this.running.delete(connectionId);
      await this.deps.locks.release(connectionId).catch((releaseError: unknown) => this.deps.log.warn({ err: releaseError, connectionId }, "lock not released"));
      if (!isDatabaseUnavailable(error)) await this.markDisconnected(companyId, connectionId);
      throw error;
    }
    return true;
  }

  /**
   * Logs a session out and forgets it. When the driver's logout fails the session is stopped anyway
   * and marked DISCONNECTED, and the failure is thrown on.
   */
  private async logoutSession(driver: ChannelDriver, companyId: number, connectionId: number): Promise<void> {
    let failure: unknown;
    try {
      await this.call(() => driver.logout(connectionId));
    } catch (error) {
      failure = error;
      this.deps.log.error({ err: error, connectionId }, "session logout failed");
      await this.stopDriver(driver, connectionId);
    }
    this.running.delete(connectionId);
    this.resuming.delete(connectionId);
    if (failure === undefined) return;
    await this.deps.locks.release(connectionId).catch((error: unknown) => this.deps.log.warn({ err: error, connectionId }, "lock not released"));
    await this.markDisconnected(companyId, connectionId);
    throw failure;
  }

  /** Drops the stored credentials and starts over with a new QR code. */
  async restartWithNewQr(companyId: number, connectionId: number): Promise<void> {
    if (await this.askOwner(connectionId, "restartWithNewQr", [companyId])) return;
    const { driver } = await this.driverConnection(companyId, connectionId);
    await this.logoutSession(driver, companyId, connectionId);
    await this.start(companyId, connectionId);
  }

  /** Logs the session out and marks the connection DISCONNECTED. */
  async disconnect(companyId: number, connectionId: number): Promise<void> {
    if (await this.askOwner(connectionId, "disconnect", [companyId])) return;
    const { driver } = await this.driverConnection(companyId, connectionId);
    await this.logoutSession(driver, companyId, connectionId);
    await this.deps.locks.release(connectionId);
    await this.markDisconnected(companyId, connectionId);
  }

  /**
   * Stops a connection's session without logging it out (its pairing is kept, so that trying again
   * reconnects without a new QR code), releases its lock and marks it DISCONNECTED, which also keeps it
   * from starting again at the next boot. A connection with no session here is only marked.
   */
  async stopSession(companyId: number, connectionId: number): Promise<void> {
    if (await this.askOwner(connectionId, "stopSession", [companyId])) return;
    const session = this.running.get(connectionId);
    this.resuming.delete(connectionId);
    if (session?.connection.companyId === companyId) {
      await this.stopDriver(session.driver, connectionId);
      if (this.running.get(connectionId) === session) this.running.delete(connectionId);
      await this.deps.locks.release(connectionId).catch((error: unknown) => this.deps.log.warn({ err: error, connectionId }, "lock not released"));
    }
    await this.markDisconnected(companyId, connectionId);
  }

  /** Stops and logs out a connection that is about to be deleted. */
  async remove(connectionId: number): Promise<void> {
    if (await this.askOwner(connectionId, "remove", [])) return;
    const session = this.running.get(connectionId);
    if (session) await this.call(() => session.driver.logout(connectionId)).catch((error: unknown) => this.deps.log.warn({ err: error, connectionId }, "logout on delete failed"));
    this.running.delete(connectionId);
    this.resuming.delete(connectionId);
    await this.deps.locks.release(connectionId);
  }

  private runningDriver(connectionId: number): ChannelDriver {
    const session = this.running.get(connectionId);
    if (!session) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return session.driver;
  }

  /**
   * Sends through the connection's driver, in whichever process runs its session. Throws
   * ERR_WAPP_NOT_INITIALIZED when no process runs it, or the driver's error.
   */
  async send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    return this.onOwner(connectionId, "send", [message], (result) => ZSentMessage.parse(result));
  }

  private async sendHere(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    const driver = this.runningDriver(connectionId);
    try {
      return await this.call(() => driver.send(connectionId, message));
    } catch (error) {
      for (const listener of this.sendFailureListeners) listener(driver.provider);
      throw error;
    }
  }

  /** Registers a listener of the sends that failed in this process's sessions (the driver's provider), for the metrics. */
  onSendFailure(listener: (provider: ConnectionProvider) => void): void {
    this.sendFailureListeners.push(listener);
  }

  /** How many sessions this process runs. */
  get runningCount(): number {
    return this.running.size;
  }

  async deleteMessage(connectionId: number, target: { to: string; isGroup: boolean; wid: string; fromMe: boolean }): Promise<void> {
    await this.onOwner(connectionId, "deleteMessage", [target], () => undefined);
  }

  async checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    return this.onOwner(connectionId, "checkNumber", [number], (result) => ZNumberCheck.parse(result));
  }

  /**
   * The phone's address book through the connection's driver. Throws ERR_WAPP_NOT_INITIALIZED when
   * no process runs the session or its driver cannot list contacts; ChannelNotConnectedError when not connected.
   */
  async listContacts(connectionId: number): Promise<PhoneContact[]> {
    return this.onOwner(connectionId, "listContacts", [], (result) => ZPhoneContacts.parse(result));
  }

  private async listContactsHere(connectionId: number): Promise<PhoneContact[]> {
    const driver = this.runningDriver(connectionId);
    if (!driver.listContacts) throw new AppError("ERR_WAPP_NOT_INITIALIZED", undefined, "This connection cannot list the phone's contacts");
    return this.call(() => driver.listContacts!(connectionId));
  }

  async markRead(connectionId: number, chat: { number: string; isGroup: boolean }, wids: string[]): Promise<void> {
    await this.onOwner(connectionId, "markRead", [chat, wids], () => undefined);
  }

  /**
   * Starts every connection that was not DISCONNECTED and no other process runs, one failure not
   * stopping the others; then, when processes share the sessions, takes every ADOPT_INTERVAL_MS those
   * whose process died.
   */
  async startAll(): Promise<void> {
    for (const row of await listConnectionsToStart(this.deps.db)) {
      try {
        if (!(await this.startHere(row.companyId, row.id))) this.deps.log.info({ connectionId: row.id }, "session driven by another process");
      } catch (error) {
        this.deps.log.error({ err: error, connectionId: row.id }, "connection failed to start");
      }
    }
    if (this.deps.locks.shared && !this.adoptTimer) {
      this.adoptTimer = setInterval(() => {
        this.adoptOrphans().catch((error: unknown) => this.deps.log.warn({ err: error }, "sessions of other processes not checked"));
      }, this.deps.adoptIntervalMs ?? ADOPT_INTERVAL_MS);
      this.adoptTimer.unref();
    }
  }

  /** Takes the sessions that should run and that no process runs (the process that ran them died). */
  async adoptOrphans(): Promise<number[]> {
    if (this.adopting || this.stopping) return [];
    this.adopting = true;
    const run = this.adoptNow();
    this.adoption = run.catch(() => undefined);
    try {
      return await run;
    } finally {
      this.adopting = false;
    }
  }

  private async adoptNow(): Promise<number[]> {
    const candidates = (await listConnectionsToStart(this.deps.db)).filter(
      (row) => !this.running.has(row.id) && !this.resuming.has(row.id) && this.hasDriver(ZConnectionProvider.catch("beta").parse(row.provider)),
    );
    const free = new Set(await this.deps.locks.unheld(candidates.map((row) => row.id)));
    const taken: number[] = [];
    for (const row of candidates) {
      // A shutdown that began meanwhile takes nothing more: it waits for this run, then stops what runs.
      if (this.stopping) break;
      if (!free.has(row.id)) continue;
      try {
        if (await this.startHere(row.companyId, row.id)) taken.push(row.id);
      } catch (error) {
        this.deps.log.error({ err: error, connectionId: row.id }, "session of a process gone not taken");
      }
    }
    if (taken.length > 0) this.deps.log.warn({ connectionIds: taken }, "sessions of a server process gone taken over");
    return taken;
  }

  /**
   * The locks of these sessions were lost with their database connection: another process may start
   * them now, so they stop here at once (without logging out) and are taken again when the database
   * answers, unless another process has them by then.
   */
  private async onLocksLost(connectionIds: number[]): Promise<void> {
    const stopped: number[] = [];
    for (const connectionId of connectionIds) {
      const session = this.running.get(connectionId);
      if (!session) continue;
      this.resuming.set(connectionId, session.connection.companyId);
      stopped.push(connectionId);
      // Forgotten only once stopped: what the driver still hands over while it stops is not dropped.
      await this.stopDriver(session.driver, connectionId);
      if (this.running.get(connectionId) === session) this.running.delete(connectionId);
    }
    if (stopped.length === 0) return;
    this.deps.log.warn({ connectionIds: stopped }, "session locks lost with the database connection; sessions stopped until they are taken again");
    this.resumeAttempt = 0;
    this.scheduleResume();
  }

  private scheduleResume(): void {
    if (this.resumeTimer || this.resuming.size === 0) return;
    const delay = Math.min(RESUME_BASE_MS * 2 ** this.resumeAttempt, RESUME_MAX_MS);
    this.resumeAttempt += 1;
    this.resumeTimer = setTimeout(() => {
      this.resumeTimer = undefined;
      this.resumeSessions().catch((error: unknown) => this.deps.log.error({ err: error }, "sessions not resumed"));
    }, delay);
    this.resumeTimer.unref();
  }

  /** One round of taking lost sessions again; those the database did not answer for wait for the next. */
  private async resumeSessions(): Promise<void> {
    for (const [connectionId, companyId] of [...this.resuming]) {
      if (!this.resuming.has(connectionId)) continue;
      try {
        if (!(await this.startHere(companyId, connectionId))) this.deps.log.info({ connectionId }, "session driven by another process");
        this.resuming.delete(connectionId);
        if (this.running.has(connectionId)) this.deps.log.info({ connectionId }, "session taken again");
      } catch (error) {
        if (isDatabaseUnavailable(error)) continue;
        this.resuming.delete(connectionId);
        this.deps.log.error({ err: error, connectionId }, "session not taken again");
      }
    }
    this.scheduleResume();
  }

  /** Releases every session without logging out (shutdown). */
  async stopAll(): Promise<void> {
    clearInterval(this.adoptTimer);
    this.adoptTimer = undefined;
    clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    this.resuming.clear();
    // A taking-over still running would start sessions, and take a lock connection, after the stop: it ends first.
    this.stopping = true;
    try {
      await this.adoption;
      for (const [connectionId, session] of this.running) await this.stopDriver(session.driver, connectionId);
      this.running.clear();
      await this.deps.locks.close();
    } finally {
      this.stopping = false;
    }
  }
}
