import {
  ANNOUNCEMENT_EVENT,
  CLIENT_EVENTS,
  COMPANY_CHANNELS,
  type CompanyChannel,
  companyEvent,
  TIMINGS,
} from "@conversa/shared";
import { io } from "socket.io-client";
import { z } from "zod";
import { clearSession, readStoredUserId, readToken } from "./storage.ts";

/** What the realtime client needs from a Socket.IO socket (a fake one in tests). */
export interface RealtimeSocket {
  readonly connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: (...args: unknown[]) => void): unknown;
  onAny(listener: (event: string, ...args: unknown[]) => void): unknown;
}

export interface RealtimeSession {
  companyId: number;
  userId: number;
}

export interface RealtimeDependencies {
  createSocket: () => RealtimeSocket;
  /** Gets a new access token (POST /auth/refresh_token); rejects when the session is over. */
  refreshToken: () => Promise<unknown>;
  reloadPage: () => void;
  /** Tells the user that a login elsewhere replaced this session. */
  notifySessionReplaced: () => void;
}

export type CompanyEventHandler = (payload: unknown) => void;

/** Events of the installation rather than of a company (the announcements), the same name for everyone. */
export const INSTALLATION_EVENTS = [ANNOUNCEMENT_EVENT] as const;
export type InstallationEvent = (typeof INSTALLATION_EVENTS)[number];
const isInstallationEvent = (event: string): event is InstallationEvent => (INSTALLATION_EVENTS as readonly string[]).includes(event);
export type JoinKind = "notification" | "tickets" | "chatBox";

/** The realtime connection as the user sees it: still opening, up, or lost (events are being missed). */
export type RealtimeStatus = "connecting" | "connected" | "disconnected";

const JOIN_EVENTS: Record<JoinKind, { join: string; leave?: string }> = {
  notification: { join: CLIENT_EVENTS.joinNotification },
  tickets: { join: CLIENT_EVENTS.joinTickets, leave: CLIENT_EVENTS.joinTicketsLeave },
  chatBox: { join: CLIENT_EVENTS.joinChatBox, leave: CLIENT_EVENTS.joinChatBoxLeave },
};

/** Wait before connecting again after the server refused the handshake for a reason of its own. */
export const CONNECT_RETRY_MS = 5000;

const ZAuthEvent = z.object({ action: z.literal("update"), user: z.object({ id: z.number() }) });

interface Join {
  kind: JoinKind;
  arg: string | number | undefined;
  count: number;
}

/** A Socket.IO socket on the page's origin that sends the stored access token on every (re)connect. */
export function createBrowserSocket(): RealtimeSocket {
  return io({
    autoConnect: false,
    transports: ["websocket", "polling"],
    auth: (send) => send({ token: readToken() ?? "" }),
  });
}

/**
 * One realtime connection per session (spec core §4): sends userStatus on connect and every
 * 5 minutes, re-sends the joins after a reconnect, refreshes an expired token once, reloads the
 * page when the session cannot be recovered, and ends the session when the account logs in
 * elsewhere.
 */
export class RealtimeClient {
  private socket: RealtimeSocket | null = null;
  private session: RealtimeSession | null = null;
  private channelsByEvent = new Map<string, CompanyChannel>();
  private readonly handlers = new Map<CompanyChannel, Set<CompanyEventHandler>>();
  private readonly installationHandlers = new Map<InstallationEvent, Set<CompanyEventHandler>>();
  private readonly joins = new Map<string, Join>();
  private readonly reconnectHandlers = new Set<() => void>();
  private readonly statusHandlers = new Set<() => void>();
  private status: RealtimeStatus = "connecting";
  /** Whether the session's socket was connected before: the next connect is a reconnect. */
  private hasConnected = false;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private refreshAttempted = false;
  private reloadScheduled = false;
  private connectRetry: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: RealtimeDependencies) {}

  /** Connects for a session; does nothing when already connected for the same one. */
  start(session: RealtimeSession): void {
    if (this.socket && this.session?.companyId === session.companyId && this.session.userId === session.userId) {
      return;
    }
    this.stop();
    this.session = session;
    this.channelsByEvent = new Map(COMPANY_CHANNELS.map((channel) => [companyEvent(session.companyId, channel), channel]));
    const socket = this.deps.createSocket();
    socket.on("connect", () => this.handleConnect());
    socket.on("connect_error", (error) => this.handleConnectError(error));
    socket.on("disconnect", () => this.setStatus("disconnected"));
    socket.onAny((event, payload) => this.dispatch(event, payload));
    this.socket = socket;
    socket.connect();
    this.heartbeat = setInterval(() => this.sendUserStatus(), TIMINGS.userStatusHeartbeatMs);
  }

  /** Disconnects (logout, end of session). Joins stay registered for the next session. */
  stop(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    clearTimeout(this.connectRetry);
    this.connectRetry = undefined;
    this.socket?.disconnect();
    this.socket = null;
    this.session = null;
    this.refreshAttempted = false;
    this.hasConnected = false;
    this.setStatus("connecting");
  }

  /** The connection's status now (see `onStatusChange`). */
  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** Runs `handler` whenever the status changes; returns the unsubscribe. */
  onStatusChange(handler: () => void): () => void {
    this.statusHandlers.add(handler);
    return () => {
      this.statusHandlers.delete(handler);
    };
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const handler of this.statusHandlers) handler();
  }

  /** Listens to `company-{id}-{channel}` of the current session; returns the unsubscribe. */
  onCompanyEvent(channel: CompanyChannel, handler: CompanyEventHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** Listens to an installation event (`company-announcement`); returns the unsubscribe. */
  onInstallationEvent(event: InstallationEvent, handler: CompanyEventHandler): () => void {
    let set = this.installationHandlers.get(event);
    if (!set) {
      set = new Set();
      this.installationHandlers.set(event, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /**
   * Runs `handler` each time the session's socket connects again after it was disconnected: the
   * events sent in between never arrived, so whatever they would have updated must be read again.
   * Returns the unsubscribe.
   */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => {
      this.reconnectHandlers.delete(handler);
    };
  }

  /** Joins a room (kept and re-sent after reconnects); returns the leave function. */
  join(kind: JoinKind, arg?: string | number): () => void {
    const key = `${kind}:${arg ?? ""}`;
    const existing = this.joins.get(key);
    if (existing) {
      existing.count += 1;
    } else {
      this.joins.set(key, { kind, arg, count: 1 });
      this.emitJoin(kind, arg);
    }
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const join = this.joins.get(key);
      if (!join) return;
      join.count -= 1;
      if (join.count > 0) return;
      this.joins.delete(key);
      const leave = JOIN_EVENTS[kind].leave;
      if (leave && this.socket?.connected) this.emit(leave, arg);
    };
  }

  private emit(event: string, arg: string | number | undefined): void {
    if (!this.socket?.connected) return;
    if (arg === undefined) this.socket.emit(event);
    else this.socket.emit(event, arg);
  }

  private emitJoin(kind: JoinKind, arg: string | number | undefined): void {
    this.emit(JOIN_EVENTS[kind].join, arg);
  }

  private sendUserStatus(): void {
    this.emit(CLIENT_EVENTS.userStatus, undefined);
  }

  private handleConnect(): void {
    this.refreshAttempted = false;
    this.setStatus("connected");
    this.sendUserStatus();
    for (const join of this.joins.values()) this.emitJoin(join.kind, join.arg);
    const isReconnect = this.hasConnected;
    this.hasConnected = true;
    if (isReconnect) for (const handler of this.reconnectHandlers) handler();
  }

  private handleConnectError(error: unknown): void {
    // Socket.IO keeps trying (or the retry below does): until one succeeds the user is told.
    this.setStatus("disconnected");
    const code = error instanceof Error ? error.message : "";
    if (code === "ERR_INVALID_TOKEN" && !this.refreshAttempted) {
      this.refreshAttempted = true;
      const socket = this.socket;
      this.deps
        .refreshToken()
        .then(() => {
          if (socket && socket === this.socket) socket.connect();
        })
        .catch(() => this.scheduleReload());
      return;
    }
    // The session ended, or its user must now set up two-factor sign-in: the reloaded page shows which.
    if (code === "ERR_INVALID_TOKEN" || code === "ERR_SESSION_EXPIRED" || code === "ERR_2FA_SETUP_REQUIRED") {
      this.scheduleReload();
      return;
    }
    // The server could not check the token (its database is down): the session is fine, try again later.
    // Socket.IO does not reconnect by itself after a refused handshake.
    if (code === "ERR_SERVICE_UNAVAILABLE" || code === "ERR_INTERNAL") this.scheduleConnectRetry();
  }

  private scheduleConnectRetry(): void {
    const socket = this.socket;
    if (this.connectRetry !== undefined || !socket) return;
    this.connectRetry = setTimeout(() => {
      this.connectRetry = undefined;
      if (socket === this.socket && !socket.connected) socket.connect();
    }, CONNECT_RETRY_MS);
  }

  private dispatch(event: string, payload: unknown): void {
    if (isInstallationEvent(event)) {
      for (const handler of this.installationHandlers.get(event) ?? []) handler(payload);
      return;
    }
    const channel = this.channelsByEvent.get(event);
    if (!channel) return;
    if (channel === "auth") this.handleAuthEvent(payload);
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  private handleAuthEvent(payload: unknown): void {
    const parsed = ZAuthEvent.safeParse(payload);
    if (!parsed.success || parsed.data.user.id !== readStoredUserId()) return;
    this.deps.notifySessionReplaced();
    clearSession();
    sessionStorage.clear();
    this.stop();
    this.scheduleReload();
  }

  private scheduleReload(): void {
    if (this.reloadScheduled) return;
    this.reloadScheduled = true;
    setTimeout(() => this.deps.reloadPage(), TIMINGS.reloadAfterMs);
  }
}
