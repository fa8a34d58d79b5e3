import type { ConnectionProvider } from "@conversa/shared";
import { ZConnectionProvider } from "@conversa/shared";
import type { Db } from "../db/client.ts";
import type { DomainEvents } from "../events/domain-events.ts";
import { AppError } from "../lib/app-error.ts";
import { findConnection, findConnectionRow, listConnectionsToStart, saveSessionState } from "../modules/connections/connections.repository.ts";
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

/**
 * Owns the running sessions: picks the driver of each connection, persists what drivers report
 * (status, QR code, number) and publishes it, hands inbound messages and acks to the engine.
 */
export class ChannelManager {
  private readonly drivers = new Map<ConnectionProvider, ChannelDriver>();
  private readonly running = new Map<number, ChannelDriver>();
  private inbound: InboundHandler | undefined;

  constructor(private readonly deps: ChannelManagerDeps) {}

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

  /** The sink every driver reports to. A failing step is logged; it never throws into the driver. */
  readonly onEvent = async (event: ChannelEvent): Promise<void> => {
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

  /** Starts (or retries) a connection's session. Throws ERR_NO_WAPP_FOUND, ERR_WAPP_NOT_INITIALIZED. */
  async start(companyId: number, connectionId: number): Promise<void> {
    const { connection, driver } = await this.driverConnection(companyId, connectionId);
    if (!(await this.deps.locks.acquire(connectionId))) {
      this.deps.log.info({ connectionId }, "session driven by another process");
      return;
    }
    const previous = this.running.get(connectionId);
    if (previous) await previous.stop(connectionId);
    this.running.set(connectionId, driver);
    await driver.start(connection);
  }

  /** Drops the stored credentials and starts over with a new QR code. */
  async restartWithNewQr(companyId: number, connectionId: number): Promise<void> {
    const { driver } = await this.driverConnection(companyId, connectionId);
    await driver.logout(connectionId);
    this.running.delete(connectionId);
    await this.start(companyId, connectionId);
  }

  /** Logs the session out and marks the connection DISCONNECTED. */
  async disconnect(companyId: number, connectionId: number): Promise<void> {
    const { driver } = await this.driverConnection(companyId, connectionId);
    await driver.logout(connectionId);
    this.running.delete(connectionId);
    await this.deps.locks.release(connectionId);
    await this.onEvent({ type: "status", companyId, connectionId, status: "DISCONNECTED", qrcode: null });
  }

  /** Stops and logs out a connection that is about to be deleted. */
  async remove(connectionId: number): Promise<void> {
    const driver = this.running.get(connectionId);
    if (driver) await driver.logout(connectionId).catch((error: unknown) => this.deps.log.warn({ err: error, connectionId }, "logout on delete failed"));
    this.running.delete(connectionId);
    await this.deps.locks.release(connectionId);
  }

  private runningDriver(connectionId: number): ChannelDriver {
    const driver = this.running.get(connectionId);
    if (!driver) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return driver;
  }

  /** Sends through the connection's driver. Throws ERR_WAPP_NOT_INITIALIZED when no session runs here, or the driver's error. */
  send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    return this.runningDriver(connectionId).send(connectionId, message);
  }

  deleteMessage(connectionId: number, target: { to: string; isGroup: boolean; wid: string; fromMe: boolean }): Promise<void> {
    return this.runningDriver(connectionId).deleteMessage(connectionId, target);
  }

  checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    return this.runningDriver(connectionId).checkNumber(connectionId, number);
  }

  /**
   * The phone's address book through the connection's driver. Throws ERR_WAPP_NOT_INITIALIZED when
   * no session runs here or its driver cannot list contacts; ChannelNotConnectedError when not connected.
   */
  listContacts(connectionId: number): Promise<PhoneContact[]> {
    const driver = this.runningDriver(connectionId);
    if (!driver.listContacts) throw new AppError("ERR_WAPP_NOT_INITIALIZED", undefined, "This connection cannot list the phone's contacts");
    return driver.listContacts(connectionId);
  }

  async markRead(connectionId: number, chat: { number: string; isGroup: boolean }, wids: string[]): Promise<void> {
    const driver = this.running.get(connectionId);
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

  /** Releases every session without logging out (shutdown). */
  async stopAll(): Promise<void> {
    for (const [connectionId, driver] of this.running) {
      await driver.stop(connectionId).catch((error: unknown) => this.deps.log.warn({ err: error, connectionId }, "stop failed"));
    }
    this.running.clear();
    await this.deps.locks.close();
  }
}
