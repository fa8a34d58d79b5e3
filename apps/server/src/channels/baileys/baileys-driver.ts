import { type BaileysEventMap, DisconnectReason, type SignalKeyStore, type WAMessage, downloadMediaMessage, makeCacheableSignalKeyStore, makeWASocket } from "baileys";
import { eq } from "drizzle-orm";
import type { ConnectionStatus } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { connections } from "../../db/schema/index.ts";
import { type ChannelDriver, type ChannelEventSink, ChannelNotConnectedError, type DriverConnection, type OutboundMessage, type PhoneContact } from "../types.ts";
import { type AuthScope, type DbAuthState, clearAuthState, loadAuthState } from "./auth-state.ts";
import { jidOf, mapAckUpdate, mapInboundMessage, mapOutboundMessage, numberOfJid, unresolvedLids } from "./map-message.ts";
import { PhoneBook } from "./phone-book.ts";
import { type BaileysSocket, type DriverLogger, type MakeSocket, disconnectCode, libraryLogger, reconnectDelay } from "./socket.ts";

export interface BaileysDriverDeps {
  db: Db;
  sink: ChannelEventSink;
  log: DriverLogger;
  /** Creates the socket; Baileys' makeWASocket unless a test gives a fake. */
  makeSocket?: MakeSocket;
}

/** QR codes shown before the pairing attempt is given up (TIMEOUT). */
export const MAX_QR_CODES = 5;

interface Session {
  connection: DriverConnection;
  auth: DbAuthState;
  /** The cached key store handed to every socket of this session. */
  keys: SignalKeyStore;
  socket: BaileysSocket | undefined;
  isOpen: boolean;
  /** Set once the session is stopped or logged out: its sockets' events are ignored from then on. */
  isStopped: boolean;
  lastStatus: ConnectionStatus | undefined;
  qrCount: number;
  reconnectAttempt: number;
  reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  ownNumber: string | null;
  groupNames: Map<string, string>;
  /** The phone's address book as the network reported it during this session. */
  phoneBook: PhoneBook;
  /** Inbound messages and acks, one after the other in arrival order; never rejects. */
  inbound: Promise<void>;
  /** Credential writes in order; never rejects. */
  credsWrites: Promise<void>;
}

/**
 * The `beta` provider: WhatsApp Web multi-device through Baileys, its auth state in the database.
 * It reports the session's states, turns messages and receipts into normalised events and sends.
 * No business rule lives here. docs/baileys.md describes the states and the mapping.
 */
export class BaileysDriver implements ChannelDriver {
  readonly provider = "beta" as const;
  private readonly sessions = new Map<number, Session>();
  private readonly makeSocket: MakeSocket;

  constructor(private readonly deps: BaileysDriverDeps) {
    this.makeSocket = deps.makeSocket ?? makeWASocket;
  }

  async start(connection: DriverConnection): Promise<void> {
    await this.stop(connection.id);
    const scope = { companyId: connection.companyId, connectionId: connection.id };
    await this.report(scope, { status: "OPENING", qrcode: null });
    const auth = await loadAuthState(this.deps.db, scope);
    const session: Session = {
      connection,
      auth,
      keys: makeCacheableSignalKeyStore(auth.state.keys, libraryLogger(this.deps.log)),
      socket: undefined,
      isOpen: false,
      isStopped: false,
      lastStatus: "OPENING",
      qrCount: 0,
      reconnectAttempt: 0,
      reconnectTimer: undefined,
      ownNumber: null,
      groupNames: new Map(),
      phoneBook: new PhoneBook(),
      inbound: Promise.resolve(),
      credsWrites: Promise.resolve(),
    };
    this.sessions.set(connection.id, session);
    try {
      this.openSocket(session);
    } catch (error) {
      this.endSession(session);
      throw error;
    }
  }

  async stop(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session) return;
    this.endSession(session);
    await Promise.all([session.credsWrites, session.inbound]);
  }

  async logout(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    let scope: AuthScope | undefined;
    if (session) {
      scope = this.scopeOf(session);
      const socket = session.socket;
      const wasOpen = session.isOpen;
      session.isStopped = true;
      if (socket && wasOpen) {
        // Tells the phone to drop this linked device; the socket may already be gone.
        await socket.logout().catch((error: unknown) => this.deps.log.warn({ err: error, connectionId }, "logout on the network failed"));
      }
      this.endSession(session);
      // A credential write still queued must not bring the session back after the clear.
      await session.credsWrites;
    } else {
      scope = await this.scopeFromDatabase(connectionId);
    }
    if (!scope) return;
    await clearAuthState(this.deps.db, scope);
    await this.report(scope, { status: "DISCONNECTED", qrcode: null });
  }

  async send(connectionId: number, message: OutboundMessage): Promise<{ wid: string }> {
    const socket = this.openSocketOf(connectionId);
    const { jid, content, options, messageId } = mapOutboundMessage(message);
    const sent = await socket.sendMessage(jid, content, options);
    return { wid: sent?.key.id || messageId };
  }

  async deleteMessage(connectionId: number, target: { to: string; isGroup: boolean; wid: string; fromMe: boolean }): Promise<void> {
    const socket = this.openSocketOf(connectionId);
    const jid = jidOf(target.to, target.isGroup);
    await socket.sendMessage(jid, { delete: { remoteJid: jid, id: target.wid, fromMe: target.fromMe } });
  }

  async checkNumber(connectionId: number, number: string): Promise<{ exists: boolean; number?: string }> {
    const socket = this.openSocketOf(connectionId);
    const digits = number.replace(/\D/g, "");
    if (!digits) return { exists: false };
    const found = (await socket.onWhatsApp(digits))?.find((result) => result.exists);
    return found ? { exists: true, number: numberOfJid(found.jid) || digits } : { exists: false };
  }

  async markRead(connectionId: number, chat: { number: string; isGroup: boolean }, wids: string[]): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session?.isOpen || !session.socket || wids.length === 0) return;
    const remoteJid = jidOf(chat.number, chat.isGroup);
    try {
      await session.socket.readMessages(wids.map((id) => ({ remoteJid, id, fromMe: false })));
    } catch (error) {
      this.deps.log.warn({ err: error, connectionId }, "read receipts not sent");
    }
  }

  async profilePictureUrl(connectionId: number, number: string): Promise<string | null> {
    const session = this.sessions.get(connectionId);
    if (!session?.isOpen || !session.socket) return null;
    try {
      return (await session.socket.profilePictureUrl(jidOf(number, false), "image")) ?? null;
    } catch {
      // No picture, hidden by privacy settings, or a network failure: the contact keeps what it had.
      return null;
    }
  }

  /** The people the network reported for the phone's address book in this session. Throws ChannelNotConnectedError. */
  async listContacts(connectionId: number): Promise<PhoneContact[]> {
    this.openSocketOf(connectionId);
    return this.sessions.get(connectionId)?.phoneBook.list() ?? [];
  }

  private openSocketOf(connectionId: number): BaileysSocket {
    const session = this.sessions.get(connectionId);
    if (!session?.isOpen || !session.socket) throw new ChannelNotConnectedError(connectionId);
    return session.socket;
  }

  private scopeOf(session: Session): AuthScope {
    return { companyId: session.connection.companyId, connectionId: session.connection.id };
  }

  /**
   * The driver interface names a connection by id only; when no session of it runs here (a logout
   * after a restart), its company is read from the connection row the channel manager just checked.
   */
  private async scopeFromDatabase(connectionId: number): Promise<AuthScope | undefined> {
    const [row] = await this.deps.db.select({ companyId: connections.companyId }).from(connections).where(eq(connections.id, connectionId));
    return row ? { companyId: row.companyId, connectionId } : undefined;
  }

  private async report(scope: AuthScope, state: { status: ConnectionStatus; qrcode?: string | null; number?: string | null; retries?: number }): Promise<void> {
    try {
      await this.deps.sink({ type: "status", ...scope, ...state });
    } catch (error) {
      this.deps.log.error({ err: error, connectionId: scope.connectionId }, "status not reported");
    }
  }

  private async reportSession(session: Session, state: { status: ConnectionStatus; qrcode?: string | null; number?: string | null; retries?: number }): Promise<void> {
    session.lastStatus = state.status;
    await this.report(this.scopeOf(session), state);
  }

  /** Creates a socket for the session and listens to it. Throws when the socket cannot be created. */
  private openSocket(session: Session): void {
    const log = this.deps.log.child({ connectionId: session.connection.id });
    const socket = this.makeSocket({
      auth: { creds: session.auth.state.creds, keys: session.keys },
      logger: libraryLogger(log),
      // The phone keeps its notifications, and no full history is requested at pairing.
      markOnlineOnConnect: false,
      syncFullHistory: false,
      // Sends are reported by send(); the library must not echo them back as inbound messages.
      emitOwnEvents: false,
    });
    session.socket = socket;
    this.listen(session, socket, log);
  }

  private listen(session: Session, socket: BaileysSocket, log: DriverLogger): void {
    const on = <T extends keyof BaileysEventMap>(event: T, handler: (arg: BaileysEventMap[T]) => Promise<void> | void, onFailure?: () => void) => {
      socket.ev.on(event, (arg) => {
        if (session.isStopped || session.socket !== socket) return;
        // A failing handler is logged; it never reaches the library's emitter or the process.
        const failed = (error: unknown) => {
          log.error({ err: error, event }, "socket event handler failed");
          onFailure?.();
        };
        try {
          Promise.resolve(handler(arg)).catch(failed);
        } catch (error) {
          failed(error);
        }
      });
    };
    // A connection update that could not be handled leaves the session in a state nobody knows: it
    // ends, DISCONNECTED, so that the user can try again. A message that fails costs that message only.
    on("connection.update", (update) => this.onConnectionUpdate(session, socket, update), () => void this.failSession(session));
    on("creds.update", () => {
      session.credsWrites = session.credsWrites.then(session.auth.saveCreds).catch((error: unknown) => log.error({ err: error }, "credentials not saved"));
    });
    on("messages.upsert", ({ messages, type }) => {
      if (type !== "notify" && type !== "append") return;
      for (const message of messages) this.enqueue(session, log, () => this.deliverMessage(session, socket, message));
    });
    on("contacts.upsert", (contacts) => session.phoneBook.merge(contacts));
    on("contacts.update", (contacts) => session.phoneBook.merge(contacts));
    on("messaging-history.set", ({ contacts }) => session.phoneBook.merge(contacts));
    on("messages.update", (updates) => {
      for (const update of updates) {
        const ack = mapAckUpdate(update, this.scopeOf(session));
        if (ack) this.enqueue(session, log, () => this.deps.sink(ack));
      }
    });
  }

  private enqueue(session: Session, log: DriverLogger, task: () => Promise<void>): void {
    session.inbound = session.inbound.then(task).catch((error: unknown) => log.error({ err: error }, "inbound event not delivered"));
  }

  private async onConnectionUpdate(session: Session, socket: BaileysSocket, update: BaileysEventMap["connection.update"]): Promise<void> {
    if (update.qr) await this.onQr(session, update.qr);
    if (update.isNewLogin) await this.reportSession(session, { status: "PAIRING", qrcode: null });
    if (update.connection === "open") {
      session.isOpen = true;
      session.qrCount = 0;
      session.reconnectAttempt = 0;
      session.ownNumber = numberOfJid(session.auth.state.creds.me?.id ?? socket.user?.id) || null;
      await this.reportSession(session, { status: "CONNECTED", qrcode: null, number: session.ownNumber, retries: 0 });
    }
    if (update.connection === "close") await this.onClose(session, socket, update.lastDisconnect?.error);
  }

  private async onQr(session: Session, qr: string): Promise<void> {
    session.qrCount += 1;
    if (session.qrCount > MAX_QR_CODES) {
      this.endSession(session);
      await this.reportSession(session, { status: "TIMEOUT", qrcode: null, retries: MAX_QR_CODES });
      return;
    }
    await this.reportSession(session, { status: "qrcode", qrcode: qr, retries: session.qrCount });
  }

  private async onClose(session: Session, socket: BaileysSocket, error: unknown): Promise<void> {
    session.isOpen = false;
    if (session.socket === socket) session.socket = undefined;
    const code = disconnectCode(error);
    const log = this.deps.log.child({ connectionId: session.connection.id, code });
    if (code === DisconnectReason.loggedOut || code === DisconnectReason.multideviceMismatch) {
      // The phone removed this device (or it must pair again): the credentials are useless now.
      log.info({}, "session logged out by the network");
      this.endSession(session);
      await session.credsWrites;
      try {
        await session.auth.clear();
      } finally {
        await this.reportSession(session, { status: "DISCONNECTED", qrcode: null });
      }
      return;
    }
    if (code === DisconnectReason.connectionReplaced || code === DisconnectReason.forbidden) {
      // Another client took the session over, or the account is refused: reconnecting would fight it.
      log.warn({}, "session closed by the network; not reconnecting");
      this.endSession(session);
      await this.reportSession(session, { status: "DISCONNECTED", qrcode: null });
      return;
    }
    if (code === DisconnectReason.restartRequired) {
      // Expected right after a QR is scanned: the library asks for a new socket with the new credentials.
      this.scheduleReconnect(session, 0);
      return;
    }
    const delay = reconnectDelay(session.reconnectAttempt);
    session.reconnectAttempt += 1;
    log.warn({ err: error, delay }, "connection closed; reconnecting");
    this.scheduleReconnect(session, delay);
    // OPENING, never DISCONNECTED: a connection still trying must be started again after a server restart.
    if (session.lastStatus !== "OPENING") await this.reportSession(session, { status: "OPENING", qrcode: null });
  }

  private scheduleReconnect(session: Session, delay: number): void {
    clearTimeout(session.reconnectTimer);
    session.reconnectTimer = setTimeout(() => {
      session.reconnectTimer = undefined;
      if (session.isStopped) return;
      try {
        this.openSocket(session);
      } catch (error) {
        this.deps.log.error({ err: error, connectionId: session.connection.id }, "socket not created; retrying");
        const next = reconnectDelay(session.reconnectAttempt);
        session.reconnectAttempt += 1;
        this.scheduleReconnect(session, next);
      }
    }, delay);
  }

  /** Ends a session whose state is unknown after a failure, and reports it DISCONNECTED. */
  private async failSession(session: Session): Promise<void> {
    if (session.isStopped) return;
    this.endSession(session);
    await this.reportSession(session, { status: "DISCONNECTED", qrcode: null });
  }

  /** Stops the session's timers and socket (without logging out) and forgets it. */
  private endSession(session: Session): void {
    session.isStopped = true;
    session.isOpen = false;
    clearTimeout(session.reconnectTimer);
    session.reconnectTimer = undefined;
    const socket = session.socket;
    session.socket = undefined;
    if (socket) {
      try {
        Promise.resolve(socket.end(undefined)).catch((error: unknown) => this.deps.log.warn({ err: error }, "socket did not end cleanly"));
      } catch (error) {
        this.deps.log.warn({ err: error }, "socket did not end cleanly");
      }
    }
    if (this.sessions.get(session.connection.id) === session) this.sessions.delete(session.connection.id);
  }

  /** Maps one message (resolving LIDs first, naming its group after) and hands it to the sink. */
  private async deliverMessage(session: Session, socket: BaileysSocket, raw: WAMessage): Promise<void> {
    const pnForLid = new Map<string, string>();
    for (const lid of unresolvedLids(raw)) {
      const pn = await socket.signalRepository?.lidMapping.getPNForLID(lid).catch(() => null);
      if (pn) pnForLid.set(lid, pn);
    }
    const message = mapInboundMessage(raw, {
      ...this.scopeOf(session),
      ownNumber: session.ownNumber,
      pnForLid,
      // A re-upload request goes through the session's current socket: the message's may be closed by then.
      downloadMedia: (media) =>
        downloadMediaMessage(media, "buffer", {}, { reuploadRequest: (msg) => (session.socket ?? socket).updateMediaMessage(msg), logger: libraryLogger(this.deps.log) }),
    });
    if (!message) return;
    const remoteJid = raw.key.remoteJid;
    if (message.chat.isGroup && remoteJid) {
      const name = await this.groupName(session, socket, remoteJid);
      if (name) message.chat = { ...message.chat, name };
    }
    await this.deps.sink({ type: "message", message });
  }

  /** The group's subject, asked once per session; undefined when the network does not answer. */
  private async groupName(session: Session, socket: BaileysSocket, jid: string): Promise<string | undefined> {
    const known = session.groupNames.get(jid);
    if (known !== undefined) return known || undefined;
    const subject = await socket
      .groupMetadata(jid)
      .then((metadata) => metadata.subject)
      .catch(() => "");
    session.groupNames.set(jid, subject);
    return subject || undefined;
  }
}
