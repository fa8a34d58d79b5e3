import type { FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import { CLIENT_EVENTS, SERVER_EVENTS, TIMINGS, rooms, ticketScopes } from "@conversa/shared";
import type { ChannelManager } from "../channels/channel-manager.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { DomainEvents } from "../events/domain-events.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Redis } from "../lib/redis.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { AppError } from "../lib/app-error.ts";
import type { RequestContext } from "../lib/context.ts";
import { type AccessClaims, type AuthDeps, authenticateSession, endedSessions, markUserPresence } from "../modules/auth/index.ts";
import { requestDrain } from "../engine/distribution.ts";
import { type TicketViewer, findVisibleTicketId, loadTicketViewer } from "../modules/tickets/index.ts";
import { clusterAdapter, clusterSessionCalls } from "./cluster.ts";
import { fanOut } from "./fan-out.ts";
import { PRESENCE_SWEEP_MS, type PresenceSocket, RedisPresence } from "./presence.ts";
import { applyViewer, joinScope, leaveScope } from "./socket-access.ts";
import { rawSecurityHeaders } from "../plugins/security-headers.ts";

declare module "fastify" {
  interface FastifyInstance {
    io: Server;
  }
}

/**
 * How often open sockets are checked against the database, for what no event announces: a company
 * disabled or past its due date, a user moved or removed outside the API. Sessions that no longer
 * admit their user are disconnected.
 */
export const SESSION_CHECK_MS = 30_000;

/**
 * A user's presence is written at most once per this window (per socket, and across sockets and
 * processes by a conditional update of `users.last_seen_at`), unless the online flag changes; the
 * `company-{id}-user` broadcast is sent only when the flag changes. The web client sends
 * `userStatus` every 5 minutes.
 */
export const PRESENCE_REFRESH_MS = 30_000;

/** What the realtime server uses of the platform. */
export interface RealtimeDeps {
  config: Pick<Config, "env" | "corsOrigins">;
  db: Db;
  events: DomainEvents;
  /** Where an attendant coming online asks for the waiting line to be drained. */
  jobs: JobQueue;
  /** Verifies the handshake's token and, periodically, that each socket's session still stands. */
  auth: Pick<AuthDeps, "db" | "tokens" | "now">;
  /** The channel sessions, reached across processes through the cluster when Redis is on. */
  channels: ChannelManager;
  /** How often open sockets are checked against the database, when not every 30 s, and presence swept (tests shorten them). */
  realtime?: { sessionCheckMs?: number; presenceSweepMs?: number };
  /** Redis (REDIS_URL): realtime fan-out and presence across server processes. */
  redis?: Redis;
}

const ZTicketStatus = z.enum(["open", "pending", "closed"]);
const ZTicketRef = z.union([z.string().regex(/^[0-9a-fA-F-]{1,64}$/), z.number().int().positive().max(2147483647)]);

/** Answers a client's acknowledgement callback when it sent one (the last argument). */
function acknowledge(args: unknown[], answer: { ok: boolean; error?: string }): void {
  const callback = args.at(-1);
  if (typeof callback === "function") callback(answer);
}

/** Whether this socket's presence may be written now (at most once per PRESENCE_REFRESH_MS); records it. */
function presenceDue(socket: Socket): boolean {
  const data = socket.data as { presenceAt?: number };
  const now = Date.now();
  if (data.presenceAt !== undefined && now - data.presenceAt < PRESENCE_REFRESH_MS) return false;
  data.presenceAt = now;
  return true;
}

function presenceOf(socket: Socket, ctx: RequestContext): PresenceSocket {
  return { companyId: ctx.companyId, userId: ctx.userId, socketId: socket.id };
}

/** The id of the ticket (by id or uuid) if the user may open it now, read from the database. */
async function joinChatBox(db: Db, ctx: RequestContext, ref: number | string): Promise<number | undefined> {
  const viewer = await loadTicketViewer(db, ctx.companyId, ctx.userId);
  return viewer ? findVisibleTicketId(db, viewer, ref) : undefined;
}

/**
 * The code a refused handshake carries. Only the token's own failures end the client's session; a
 * database that cannot be reached must not (the client connects again later).
 */
function handshakeErrorCode(error: unknown, app: FastifyInstance): string {
  if (error instanceof AppError) return error.code;
  if (isDatabaseUnavailable(error)) return "ERR_SERVICE_UNAVAILABLE";
  app.log.error({ err: error }, "realtime handshake failed");
  return "ERR_INTERNAL";
}

/**
 * Socket.IO on the app's HTTP server. The handshake token is verified against the database like any
 * request; a socket joins only rooms of its own company, whatever it asks for.
 */
export function attachRealtime(app: FastifyInstance, deps: RealtimeDeps): void {
  let closing = false;
  const io = new Server(app.server, {
    pingTimeout: TIMINGS.socketPingMs,
    pingInterval: TIMINGS.socketPingMs,
    serveClient: false,
    // The web origins of CORS_ORIGINS (exact), with credentials, as the HTTP API; no other origin.
    cors: deps.config.corsOrigins.length > 0 ? { origin: [...deps.config.corsOrigins], credentials: true, methods: ["GET", "POST"] } : { origin: false },
    // No new realtime connection while the server stops (a browser reconnecting over a kept connection).
    allowRequest: (_request, callback) => callback(closing ? "the server is stopping" : null, !closing),
    // Several processes: emits, rooms and socket queries reach the sockets of every process.
    ...(deps.redis ? { adapter: clusterAdapter(deps.redis) } : {}),
  });
  if (deps.redis) deps.channels.setRemote(clusterSessionCalls(io, deps.channels));
  const presence = deps.redis ? new RedisPresence(deps.redis.command, deps.redis.prefix) : undefined;
  app.decorate("io", io);
  io.engine.use(rawSecurityHeaders(deps.config.env === "production"));
  const contexts = new WeakMap<Socket, RequestContext>();
  const viewers = new WeakMap<Socket, TicketViewer>();
  const sessions = new WeakMap<Socket, AccessClaims>();

  io.use((socket, next) => {
    const raw: unknown = socket.handshake.auth?.token ?? socket.handshake.query?.token;
    const token = typeof raw === "string" ? raw : undefined;
    authenticateSession(deps.auth, token)
      .then(async ({ ctx, claims }) => {
        const viewer = await loadTicketViewer(deps.db, ctx.companyId, ctx.userId);
        if (!viewer) throw new AppError("ERR_SESSION_EXPIRED");
        contexts.set(socket, ctx);
        viewers.set(socket, viewer);
        sessions.set(socket, claims);
      })
      .then(
        () => next(),
        (error: unknown) => next(new Error(handshakeErrorCode(error, app))),
      );
  });

  const setPresence = async (ctx: { companyId: number; userId: number }, online: boolean) => {
    const result = await markUserPresence(deps.db, ctx.companyId, ctx.userId, online, online ? PRESENCE_REFRESH_MS : null);
    if (!result?.changed) return;
    deps.events.publish("user.status", { companyId: ctx.companyId, user: result.user });
    // An attendant who comes online may take the oldest waiting tickets of their queues at once.
    if (online) await requestDrain({ jobs: deps.jobs, log: app.log }, ctx.companyId, { userId: ctx.userId });
  };
  const report = (error: unknown) => app.log.error({ err: error }, "realtime handler failed");
  // Redis being down is logged once by its connection; each presence write that fails is only a warning.
  const reportPresence = (error: unknown) => app.log.warn({ err: error }, "presence not shared (Redis)");

  /** A user's profile, queues or allTicket changed: their sockets (in any process) follow the new rule. */
  const refreshAccess = async (companyId: number, userId: number) => {
    const [viewer, sockets] = await Promise.all([loadTicketViewer(deps.db, companyId, userId), io.in(rooms.user(companyId, userId)).fetchSockets()]);
    for (const socket of sockets) {
      if (viewer) applyViewer(socket, viewer);
      else socket.disconnect(true);
    }
  };

  io.on("connection", (socket: Socket) => {
    const ctx = contexts.get(socket);
    const viewer = viewers.get(socket);
    if (!ctx || !viewer) {
      socket.disconnect(true);
      return;
    }
    const { companyId } = ctx;
    const chatBoxes = new Map<string, number>();
    void socket.join([rooms.company(companyId), rooms.user(companyId, ctx.userId)]);
    applyViewer(socket, viewer);

    socket.on(CLIENT_EVENTS.joinNotification, (...args: unknown[]) => {
      joinScope(socket, companyId, ticketScopes.notification);
      acknowledge(args, { ok: true });
    });
    socket.on(CLIENT_EVENTS.joinTickets, (status: unknown, ...args: unknown[]) => {
      const parsed = ZTicketStatus.safeParse(status);
      if (parsed.success) joinScope(socket, companyId, ticketScopes.status(parsed.data));
      acknowledge(args, parsed.success ? { ok: true } : { ok: false, error: "ERR_VALIDATION" });
    });
    socket.on(CLIENT_EVENTS.joinTicketsLeave, (status: unknown) => {
      const parsed = ZTicketStatus.safeParse(status);
      if (parsed.success) leaveScope(socket, companyId, ticketScopes.status(parsed.data));
    });
    socket.on(CLIENT_EVENTS.joinChatBox, (ticket: unknown, ...args: unknown[]) => {
      const parsed = ZTicketRef.safeParse(ticket);
      if (!parsed.success) {
        acknowledge(args, { ok: false, error: "ERR_VALIDATION" });
        return;
      }
      // The same rule as GET /tickets/{id}, read now: a ticket the user may not open is not joined.
      joinChatBox(deps.db, ctx, parsed.data)
        .then((ticketId) => {
          if (ticketId === undefined || !socket.connected) return acknowledge(args, { ok: false, error: "ERR_NO_PERMISSION" });
          chatBoxes.set(String(parsed.data), ticketId);
          joinScope(socket, companyId, ticketScopes.ticket(ticketId));
          acknowledge(args, { ok: true });
        })
        .catch(report);
    });
    socket.on(CLIENT_EVENTS.joinChatBoxLeave, (ticket: unknown) => {
      const ticketId = chatBoxes.get(String(ticket));
      if (ticketId === undefined) return;
      chatBoxes.delete(String(ticket));
      if (![...chatBoxes.values()].includes(ticketId)) leaveScope(socket, companyId, ticketScopes.ticket(ticketId));
    });
    socket.on(CLIENT_EVENTS.userStatus, () => {
      if (!presenceDue(socket)) return;
      setPresence(ctx, true).catch(report);
    });
    socket.on("disconnect", () => {
      if (presence) {
        // A server that stops leaves its users online: their browsers connect to another process within
        // seconds, and those that do not expire with this process's sockets.
        if (closing) return;
        presence
          .leave(presenceOf(socket, ctx))
          .then((gone) => (gone ? setPresence(ctx, false) : undefined))
          .catch(reportPresence);
        return;
      }
      io.in(rooms.user(companyId, ctx.userId))
        .fetchSockets()
        .then((others) => (others.length === 0 ? setPresence(ctx, false) : undefined))
        .catch(report);
    });

    presenceDue(socket);
    // "ready" once the socket counts for its user's presence in every process: a socket of the same
    // user closing elsewhere right after must find this one.
    void (presence?.vouch([presenceOf(socket, ctx)]).catch(reportPresence) ?? Promise.resolve())
      .then(() => {
        if (socket.connected) socket.emit(SERVER_EVENTS.ready);
        return setPresence(ctx, true);
      })
      .catch(report);
  });

  let checking = false;
  const checkSessions = async () => {
    if (checking) return;
    checking = true;
    try {
      const open = [...io.sockets.sockets.values()].flatMap((socket) => {
        const claims = sessions.get(socket);
        return claims ? [{ socket, claims }] : [];
      });
      const ended = new Set(await endedSessions(deps.auth, open.map((entry) => entry.claims)));
      for (const entry of open) if (ended.has(entry.claims)) entry.socket.disconnect(true);
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => checkSessions().catch(report), deps.realtime?.sessionCheckMs ?? SESSION_CHECK_MS);
  timer.unref();

  // With Redis: this process vouches for its sockets, and any process reports offline the users whose
  // every socket expired (their process died).
  const sweepPresence = async () => {
    if (!presence) return;
    const here = [...io.sockets.sockets.values()].flatMap((socket) => {
      const ctx = contexts.get(socket);
      return ctx && socket.connected ? [presenceOf(socket, ctx)] : [];
    });
    await presence.vouch(here);
    for (const user of await presence.takeExpired()) await setPresence(user, false);
  };
  const presenceTimer = presence ? setInterval(() => sweepPresence().catch(reportPresence), deps.realtime?.presenceSweepMs ?? PRESENCE_SWEEP_MS) : undefined;
  presenceTimer?.unref();

  const unsubscribe = deps.events.subscribe((event) => {
    if (event.name === "user.access.changed") refreshAccess(event.payload.companyId, event.payload.userId).catch(report);
    else fanOut(io, event);
  });
  // The HTTP server's close waits for every connection, websockets included, and the browsers keep
  // theirs open: they are closed before it. The transports are closed without a Socket.IO disconnect,
  // so that the browsers connect again by themselves once a server is back.
  app.addHook("preClose", (done) => {
    closing = true;
    clearInterval(timer);
    clearInterval(presenceTimer);
    unsubscribe();
    io.engine.close();
    done();
  });
  app.addHook("onClose", async () => {
    await io.close();
  });
}
