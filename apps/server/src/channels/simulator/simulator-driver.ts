import { randomBytes } from "node:crypto";
import { stat } from "node:fs/promises";
import type { ConnectionStatus, SimulatorInboundBody } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import {
  type ChannelDriver,
  type ChannelEvent,
  type ChannelEventSink,
  ChannelNotConnectedError,
  type DriverConnection,
  type OutboundMessage,
  type PhoneContact,
} from "../types.ts";
import { mapInbound } from "./inbound-mapping.ts";
import {
  type SimulatorMessageRow,
  clearPairing,
  findConnectionCompany,
  insertMessageOnce,
  listCustomers,
  loadPairing,
  markInboundRead,
  markMessageDeleted,
  markOutboundRead,
  raiseOutboundAck,
  savePairing,
} from "./simulator-store.ts";

export interface SimulatorTimings {
  /** A QR code is replaced by a new one after this long without a scan. */
  qrRefreshMs: number;
  /** Replacements before the session gives up with TIMEOUT. */
  qrMaxRetries: number;
  /** From a scan (PAIRING) to CONNECTED. */
  pairingDelayMs: number;
  /** From a send to its ack 1 (sent). */
  sentAckMs: number;
  /** From a send to its ack 2 (delivered). */
  deliveredAckMs: number;
}

/**
 * The simulated phone keeps its own receipts (1 sent, 2 delivered, 3 read, as its page shows them); the
 * driver reports what the network would send (WAMessageStatus: SERVER_ACK 2, DELIVERY_ACK 3, READ 4),
 * so that the spec's ack table (core §4) holds for simulated conversations exactly as for real ones.
 */
export function networkAckOf(simulatorAck: number): number {
  return simulatorAck + 1;
}

export const DEFAULT_SIMULATOR_TIMINGS: SimulatorTimings = {
  qrRefreshMs: 20_000,
  qrMaxRetries: 5,
  pairingDelayMs: 300,
  sentAckMs: 50,
  deliveredAckMs: 400,
};

/** What changed on a simulated phone: its connection's state, or (with `number`) one of its conversations. */
export interface SimulatorChange {
  companyId: number;
  connectionId: number;
  number?: string;
}

export interface SimulatorDriverDeps {
  db: Db;
  sink: ChannelEventSink;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  timings?: Partial<SimulatorTimings>;
  /** Told after each change the simulator's page shows, once it is stored and reported. */
  onChange?: (change: SimulatorChange) => void;
  /** Starts the session's timers (QR refresh, pairing, receipts); the process's clock unless a test drives it. */
  startTimer?: StartTimer;
}

/** A pending timer of a session, cancelled when the session ends. */
export interface SessionTimer {
  cancel(): void;
}

/** Runs `task` after `ms`. */
export type StartTimer = (task: () => void, ms: number) => SessionTimer;

const processTimer: StartTimer = (task, ms) => {
  const timer = setTimeout(task, ms);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
};

/** What a scan did: paired, or refused because no QR code is shown or it is not the one shown. */
export type ScanResult = "pairing" | "no_qr" | "wrong_qr";

/** One running session: the state the network would hold, and its pending timers. */
interface Session {
  connection: DriverConnection;
  status: ConnectionStatus;
  qrcode: string | null;
  retries: number;
  timers: Set<SessionTimer>;
}

function newWid(): string {
  return `SIM${randomBytes(10).toString("hex").toUpperCase()}`;
}

function outboundKind(mimetype: string): string {
  if (mimetype.startsWith("image/")) return "image";
  if (mimetype.startsWith("audio/")) return "audio";
  if (mimetype.startsWith("video/")) return "video";
  return "document";
}

/**
 * The built-in WhatsApp stand-in: the network's state machine (OPENING → qrcode → PAIRING →
 * CONNECTED, TIMEOUT, DISCONNECTED) and message semantics (ids, acks, redeliveries), with the
 * customer's side driven over HTTP. Nothing here throws into the channel manager.
 */
export class SimulatorDriver implements ChannelDriver {
  readonly provider = "simulator" as const;
  private readonly timings: SimulatorTimings;
  private readonly sessions = new Map<number, Session>();
  /** Status reports of each connection, chained so they reach the manager in order. */
  private readonly reports = new Map<number, Promise<void>>();
  /** Connections whose sends fail on purpose; kept across restarts of a session in this process. */
  private readonly refusingSends = new Set<number>();
  /** Connections whose sends are answered late (ms), kept as `refusingSends`. */
  private readonly answerDelays = new Map<number, number>();

  constructor(private readonly deps: SimulatorDriverDeps) {
    this.timings = { ...DEFAULT_SIMULATOR_TIMINGS, ...deps.timings };
  }

  async start(connection: DriverConnection): Promise<void> {
    try {
      this.endSession(connection.id);
      const session: Session = { connection, status: "OPENING", qrcode: null, retries: 0, timers: new Set() };
      this.sessions.set(connection.id, session);
      await this.setStatus(session, "OPENING", { qrcode: null });
      const pairing = await loadPairing(this.deps.db, connection.companyId, connection.id);
      if (!this.isCurrent(session)) return;
      if (pairing) {
        await this.setStatus(session, "CONNECTED", { qrcode: null, number: pairing.number, retries: 0 });
        return;
      }
      await this.showQr(session, 0);
    } catch (error) {
      this.deps.log.error({ err: error, connectionId: connection.id }, "simulator session failed to start");
    }
  }

  async stop(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    this.endSession(connectionId);
    if (session) this.changed(session.connection.companyId, connectionId);
  }

  async logout(connectionId: number): Promise<void> {
    try {
      const session = this.sessions.get(connectionId);
      this.endSession(connectionId);
      const companyId = session?.connection.companyId ?? (await findConnectionCompany(this.deps.db, connectionId));
      if (companyId === undefined) return;
      await clearPairing(this.deps.db, companyId, connectionId);
      await this.report(connectionId, { type: "status", connectionId, companyId, status: "DISCONNECTED", qrcode: null });
    } catch (error) {
      this.deps.log.error({ err: error, connectionId }, "simulator logout failed");
    }
  }

  async send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    const session = this.connected(connectionId);
    if (this.refusingSends.has(connectionId)) throw new Error("simulator: the network refused the send (refuse sends is on)");
    let media: { mimetype: string; filename: string; size: number; voice: boolean; path: string } | undefined;
    if (message.media) {
      const file = await stat(message.media.path);
      media = { mimetype: message.media.mimetype, filename: message.media.filename, size: file.size, voice: message.media.asVoice ?? false, path: message.media.path };
    }
    const { row } = await insertMessageOnce(this.deps.db, {
      companyId: session.connection.companyId,
      connectionId,
      direction: "out",
      customerNumber: message.to,
      isGroup: message.isGroup,
      wid: message.idempotencyKey,
      kind: message.media ? outboundKind(message.media.mimetype) : "chat",
      body: message.body,
      media: media ? { media } : {},
      quotedWid: message.quoted?.wid ?? null,
      ack: 0,
    });
    this.changed(session.connection.companyId, connectionId, message.to);
    // A retried send answers the stored wid and only reports the acks the first attempt did not.
    if (row.ack < 1) this.schedule(session, this.timings.sentAckMs, () => this.raiseAck(session, row.wid, 1));
    if (row.ack < 2) this.schedule(session, this.timings.deliveredAckMs, () => this.raiseAck(session, row.wid, 2));
    const delay = this.answerDelays.get(connectionId);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    return { wid: row.wid };
  }

  async deleteMessage(connectionId: number, target: { to: string; isGroup: boolean; wid: string; fromMe: boolean }): Promise<void> {
    const session = this.connected(connectionId);
    if (await markMessageDeleted(this.deps.db, connectionId, target.wid)) this.changed(session.connection.companyId, connectionId, target.to);
  }

  async checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    this.connected(connectionId);
    const digits = number.replace(/\D/g, "");
    return /^\d{8,15}$/.test(digits) ? { exists: true, number: digits } : { exists: false };
  }

  async markRead(connectionId: number, chat: { number: string; isGroup: boolean }, wids: string[]): Promise<void> {
    try {
      if ((await markInboundRead(this.deps.db, connectionId, chat.number, wids)) === 0) return;
      const companyId = this.sessions.get(connectionId)?.connection.companyId ?? (await findConnectionCompany(this.deps.db, connectionId));
      if (companyId !== undefined) this.changed(companyId, connectionId, chat.number);
    } catch (error) {
      this.deps.log.warn({ err: error, connectionId }, "simulator markRead failed");
    }
  }

  async profilePictureUrl(): Promise<string | null> {
    return null;
  }

  /** The customers this connection has talked with, as the phone would list them. Throws ChannelNotConnectedError. */
  async listContacts(connectionId: number): Promise<PhoneContact[]> {
    this.connected(connectionId);
    const customers = await listCustomers(this.deps.db, connectionId);
    return customers.map((customer) => (customer.name ? { number: customer.number, name: customer.name } : { number: customer.number }));
  }

  // The customer's side and the failure switches, driven by the simulator's HTTP API.

  /** The phone of `number` scans `qrcode`: PAIRING now, CONNECTED (and the pairing stored) shortly after. */
  async scan(connectionId: number, qrcode: string, number: string): Promise<ScanResult> {
    const session = this.sessions.get(connectionId);
    if (!session || session.status !== "qrcode" || !session.qrcode) return "no_qr";
    if (session.qrcode !== qrcode) return "wrong_qr";
    this.clearTimers(session);
    await this.setStatus(session, "PAIRING", { qrcode: null });
    this.schedule(
      session,
      this.timings.pairingDelayMs,
      async () => {
        if (!this.isCurrent(session) || session.status !== "PAIRING") return;
        await savePairing(this.deps.db, session.connection.companyId, connectionId, number);
        if (!this.isCurrent(session)) return;
        await this.setStatus(session, "CONNECTED", { qrcode: null, number, retries: 0 });
      },
      { failsSession: true },
    );
    return "pairing";
  }

  /**
   * A customer's message reaches the company's phone: stored once per wid, then handed to the
   * manager every time (a redelivery is the engine's to recognise). Throws ChannelNotConnectedError,
   * or the engine's failure.
   */
  async receive(connectionId: number, input: SimulatorInboundBody): Promise<SimulatorMessageRow> {
    const session = this.connected(connectionId);
    const content = input.media ? Buffer.from(input.media.data, "base64") : undefined;
    const timestamp = input.timestamp ? new Date(input.timestamp) : new Date();
    const { message, stored } = mapInbound(session.connection, input, input.wid ?? newWid(), timestamp, content);
    const { row, isNew } = await insertMessageOnce(this.deps.db, stored);
    if (isNew) this.changed(session.connection.companyId, connectionId, row.customerNumber);
    await this.deps.sink({ type: "message", message });
    return row;
  }

  /** The customer read the company's messages of a chat: READ on each. Throws ChannelNotConnectedError. */
  async customerRead(connectionId: number, chatNumber: string): Promise<number> {
    const session = this.connected(connectionId);
    const wids = await markOutboundRead(this.deps.db, connectionId, chatNumber);
    const { companyId } = session.connection;
    if (wids.length > 0) this.changed(companyId, connectionId, chatNumber);
    for (const wid of wids) await this.report(connectionId, { type: "ack", connectionId, companyId, wid, ack: networkAckOf(3) });
    return wids.length;
  }

  /** The network drops: DISCONNECTED, pairing kept, so a retry resumes CONNECTED. Throws ChannelNotConnectedError when no session runs. */
  async dropNetwork(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session) throw new ChannelNotConnectedError(connectionId);
    this.endSession(connectionId);
    const { companyId } = session.connection;
    await this.report(connectionId, { type: "status", connectionId, companyId, status: "DISCONNECTED", qrcode: null });
  }

  setRefuseSends(connectionId: number, refuse: boolean): void {
    if (refuse) this.refusingSends.add(connectionId);
    else this.refusingSends.delete(connectionId);
  }

  /** Sends stored by the network at once but answered `ms` later (0: at once). */
  setAnswerDelay(connectionId: number, ms: number): void {
    if (ms > 0) this.answerDelays.set(connectionId, ms);
    else this.answerDelays.delete(connectionId);
  }

  isRefusingSends(connectionId: number): boolean {
    return this.refusingSends.has(connectionId);
  }

  isRunning(connectionId: number): boolean {
    return this.sessions.has(connectionId);
  }

  /** Tells the simulator's page what changed; a failing listener is logged, never thrown back. */
  private changed(companyId: number, connectionId: number, number?: string): void {
    try {
      this.deps.onChange?.(number === undefined ? { companyId, connectionId } : { companyId, connectionId, number });
    } catch (error) {
      this.deps.log.error({ err: error, connectionId }, "simulator change not told");
    }
  }

  private connected(connectionId: number): Session {
    const session = this.sessions.get(connectionId);
    if (!session || session.status !== "CONNECTED") throw new ChannelNotConnectedError(connectionId);
    return session;
  }

  private isCurrent(session: Session): boolean {
    return this.sessions.get(session.connection.id) === session;
  }

  private async showQr(session: Session, retries: number): Promise<void> {
    const qrcode = `SIMULATOR:${session.connection.id}:${randomBytes(12).toString("base64url")}`;
    await this.setStatus(session, "qrcode", { qrcode, retries });
    if (!this.isCurrent(session) || session.qrcode !== qrcode) return;
    this.schedule(
      session,
      this.timings.qrRefreshMs,
      async () => {
        if (!this.isCurrent(session) || session.qrcode !== qrcode) return;
        if (session.retries >= this.timings.qrMaxRetries) {
          await this.setStatus(session, "TIMEOUT", { qrcode: null });
          return;
        }
        await this.showQr(session, session.retries + 1);
      },
      { failsSession: true },
    );
  }

  private async raiseAck(session: Session, wid: string, ack: number): Promise<void> {
    const { id: connectionId, companyId } = session.connection;
    const number = await raiseOutboundAck(this.deps.db, connectionId, wid, ack);
    if (number === undefined) return;
    this.changed(companyId, connectionId, number);
    await this.report(connectionId, { type: "ack", connectionId, companyId, wid, ack: networkAckOf(ack) });
  }

  /** Moves the session to `status` at once, then reports it. */
  private async setStatus(session: Session, status: ConnectionStatus, fields: { qrcode?: string | null; number?: string; retries?: number }): Promise<void> {
    session.status = status;
    if (fields.qrcode !== undefined) session.qrcode = fields.qrcode;
    if (fields.retries !== undefined) session.retries = fields.retries;
    const { id: connectionId, companyId } = session.connection;
    await this.report(connectionId, { type: "status", connectionId, companyId, status, ...fields });
  }

  /** Reports in order per connection (a state once saved is told to the simulator's page); a failing sink is logged, never thrown back. */
  private report(connectionId: number, event: ChannelEvent): Promise<void> {
    const next = (this.reports.get(connectionId) ?? Promise.resolve())
      .then(() => this.deps.sink(event))
      .catch((error: unknown) => this.deps.log.error({ err: error, connectionId, type: event.type }, "simulator event not delivered"))
      .then(() => {
        if (event.type === "status") this.changed(event.companyId, connectionId);
      });
    this.reports.set(connectionId, next);
    return next;
  }

  /**
   * Runs `task` after `ms` unless the session ends first. Its failure is logged; a step of the session's
   * state machine that failed (`failsSession`: pairing, QR refresh) leaves the session in a state
   * nobody knows, so the session ends DISCONNECTED and the user can try again.
   */
  private schedule(session: Session, ms: number, task: () => Promise<void>, options: { failsSession?: boolean } = {}): void {
    const timer = (this.deps.startTimer ?? processTimer)(() => {
      session.timers.delete(timer);
      Promise.resolve()
        .then(task)
        .catch((error: unknown) => {
          this.deps.log.error({ err: error, connectionId: session.connection.id }, "simulator timer failed");
          if (options.failsSession) return this.failSession(session);
        })
        .catch((error: unknown) => this.deps.log.error({ err: error, connectionId: session.connection.id }, "simulator session not ended"));
    }, ms);
    session.timers.add(timer);
  }

  private async failSession(session: Session): Promise<void> {
    if (!this.isCurrent(session)) return;
    this.endSession(session.connection.id);
    const { id: connectionId, companyId } = session.connection;
    await this.report(connectionId, { type: "status", connectionId, companyId, status: "DISCONNECTED", qrcode: null });
  }

  private clearTimers(session: Session): void {
    for (const timer of session.timers) timer.cancel();
    session.timers.clear();
  }

  private endSession(connectionId: number): void {
    const session = this.sessions.get(connectionId);
    if (!session) return;
    this.clearTimers(session);
    this.sessions.delete(connectionId);
  }
}
