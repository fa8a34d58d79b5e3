import type { ConnectionProvider } from "@conversa/shared";
import { ZConnectionProvider } from "@conversa/shared";
import type { Db } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import type { DomainEvents } from "../events/domain-events.ts";
import { AppError } from "../lib/app-error.ts";
import { findConnection, findConnectionRow, listConnectionsToStart, saveSessionState } from "../modules/connections/connections.repository.ts";
import { ZChannelEvent } from "./channel-events.ts";
import type { SessionLocks } from "./session-locks.ts";
import type { ChannelDriver, ChannelEvent, DriverConnection, InboundMessage, OutboundMessage, PhoneContact } from "./types.ts";

/** Where inbound messages and acks go: the conversation engine. */
export interface InboundHandler {
  handleInbound(message: InboundMessage): Promise<void>;
  handleAck(event: { connectionId: number; companyId: number; wid: string; ack: number }): Promise<void>;
}

export interface ChannelManagerDeps {
  db: Db;
  events: DomainEvents;
  locks: SessionLocks;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** First wait before sessions whose lock was lost are taken again; doubled on each failed round. */
export const RESUME_BASE_MS = 1000;
export const RESUME_MAX_MS = 15_000;

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

  constructor(private readonly deps: ChannelManagerDeps) {
    deps.locks.onLost((connectionIds) => {
      this.onLocksLost(connectionIds).catch((error: unknown) => this.deps.log.error({ err: error }, "lost sessions not stopped"));
    });
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
    try {
      if (event.type === "status") {
        const saved = await saveSessionState(this.deps.db, event.companyId, event.connectionId, event);
        if (!saved) return;
        const connection = await findConnection(this.deps.db, event.companyId, event.connectionId);
        if (connection) this.deps.events.publish("connection.updated", { companyId: event.companyId, connection });
        return;
      }
      if (!this.inbound) {
        this.deps.log.warn({ type: event.type }, "channel event before the engine was ready");
        return;
      }
      if (event.type === "message") await this.inbound.handleInbound(event.message);
      else await this.inbound.handleAck(event);
    } catch (error) {
      this.deps.log.error({ err: error, type: event.type }, "channel event failed");
      if (event.type === "message") throw error;
    }
  };

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
    const { connection, driver } = await this.driverConnection(companyId, connectionId);
    if (!(await this.deps.locks.acquire(connectionId))) {
      this.deps.log.info({ connectionId }, "session driven by another process");
      return;
    }
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
    const { driver } = await this.driverConnection(companyId, connectionId);
    await this.logoutSession(driver, companyId, connectionId);
    await this.start(companyId, connectionId);
  }

  /** Logs the session out and marks the connection DISCONNECTED. */
  async disconnect(companyId: number, connectionId: number): Promise<void> {
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

  /** Sends through the connection's driver. Throws ERR_WAPP_NOT_INITIALIZED when no session runs here, or the driver's error. */
  async send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    const driver = this.runningDriver(connectionId);
    return this.call(() => driver.send(connectionId, message));
  }

  async deleteMessage(connectionId: number, target: { to: string; isGroup: boolean; wid: string; fromMe: boolean }): Promise<void> {
    const driver = this.runningDriver(connectionId);
    await this.call(() => driver.deleteMessage(connectionId, target));
  }

  async checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    const driver = this.runningDriver(connectionId);
    return this.call(() => driver.checkNumber(connectionId, number));
  }

  /**
   * The phone's address book through the connection's driver. Throws ERR_WAPP_NOT_INITIALIZED when
   * no session runs here or its driver cannot list contacts; ChannelNotConnectedError when not connected.
   */
  async listContacts(connectionId: number): Promise<PhoneContact[]> {
    const driver = this.runningDriver(connectionId);
    if (!driver.listContacts) throw new AppError("ERR_WAPP_NOT_INITIALIZED", undefined, "This connection cannot list the phone's contacts");
    return this.call(() => driver.listContacts!(connectionId));
  }

  async markRead(connectionId: number, chat: { number: string; isGroup: boolean }, wids: string[]): Promise<void> {
    const driver = this.running.get(connectionId)?.driver;
    await driver?.markRead?.(connectionId, chat, wids);
  }

  /** Starts every connection that was not DISCONNECTED, one failure not stopping the others. */
  async startAll(): Promise<void> {
    for (const row of await listConnectionsToStart(this.deps.db)) {
      try {
        await this.start(row.companyId, row.id);
      } catch (error) {
        this.deps.log.error({ err: error, connectionId: row.id }, "connection failed to start");
      }
    }
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
        await this.start(companyId, connectionId);
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
    clearTimeout(this.resumeTimer);
    this.resumeTimer = undefined;
    this.resuming.clear();
    for (const [connectionId, session] of this.running) await this.stopDriver(session.driver, connectionId);
    this.running.clear();
    await this.deps.locks.close();
  }
}
