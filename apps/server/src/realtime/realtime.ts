import type { FastifyInstance } from "fastify";
import { Server, type Socket } from "socket.io";
import { z } from "zod";
import { CLIENT_EVENTS, type ContactImportProgressPayload, SERVER_EVENTS, TIMINGS, companyEvent, recordEventPayload, rooms } from "@conversa/shared";
import type { AppDeps } from "../app.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import type { DomainEvent } from "../events/domain-events.ts";
import { AppError } from "../lib/app-error.ts";
import type { RequestContext } from "../lib/context.ts";
import { setUserOnline } from "../modules/auth/auth.repository.ts";
import { authenticateSession, endedSessions } from "../modules/auth/auth.service.ts";
import type { AccessClaims } from "../modules/auth/tokens.ts";
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

const ZTicketStatus = z.enum(["open", "pending", "closed"]);
const ZTicketRef = z.union([z.string().regex(/^[0-9a-fA-F-]{1,64}$/), z.number().int().positive()]);

/** Turns a domain event into the emits of spec core §4. Every room is scoped by company. */
function fanOut(io: Server, event: DomainEvent): void {
  switch (event.name) {
    case "session.replaced": {
      const { companyId, userId } = event.payload;
      const room = rooms.user(companyId, userId);
      io.to(room).emit(companyEvent(companyId, "auth"), { action: "update", user: { id: userId } });
      io.in(room).disconnectSockets();
      return;
    }
    case "session.ended": {
      const { companyId, userId } = event.payload;
      io.in(rooms.user(companyId, userId)).disconnectSockets();
      return;
    }
    case "user.status": {
      const { companyId, user } = event.payload;
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "user"), { action: "update", user });
      return;
    }
    case "setting.updated": {
      const { companyId, setting } = event.payload;
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "settings"), { action: "update", setting });
      return;
    }
    case "connection.updated": {
      const { companyId, connection } = event.payload;
      const room = io.to(rooms.company(companyId));
      room.emit(companyEvent(companyId, "whatsappSession"), { action: "update", session: connection });
      room.emit(companyEvent(companyId, "whatsapp"), { action: "update", whatsapp: connection });
      return;
    }
    case "connection.deleted": {
      const { companyId, connectionId } = event.payload;
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "whatsapp"), { action: "delete", whatsappId: connectionId });
      return;
    }
    case "ticket.updated": {
      const { companyId, ticket, previousStatus } = event.payload;
      const name = companyEvent(companyId, "ticket");
      if (previousStatus && previousStatus !== ticket.status) {
        io.to(rooms.ticketStatus(companyId, previousStatus)).emit(name, { action: "delete", ticketId: ticket.id });
      }
      io.to([rooms.ticketStatus(companyId, ticket.status), rooms.notification(companyId), rooms.ticket(companyId, String(ticket.id)), rooms.ticket(companyId, ticket.uuid)]).emit(name, {
        action: "update",
        ticket,
      });
      return;
    }
    case "ticket.deleted": {
      const { companyId, ticketId, status } = event.payload;
      io.to([rooms.ticketStatus(companyId, status), rooms.notification(companyId), rooms.ticket(companyId, String(ticketId))]).emit(companyEvent(companyId, "ticket"), {
        action: "delete",
        ticketId,
      });
      return;
    }
    case "ticket.read": {
      const { companyId, ticketId } = event.payload;
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "ticket"), { action: "updateUnread", ticketId });
      return;
    }
    case "message.created": {
      const { companyId, message, ticket } = event.payload;
      io.to([rooms.ticket(companyId, String(ticket.id)), rooms.ticket(companyId, ticket.uuid), rooms.notification(companyId), rooms.ticketStatus(companyId, ticket.status)]).emit(
        companyEvent(companyId, "appMessage"),
        { action: "create", message, ticket, contact: ticket.contact },
      );
      return;
    }
    case "message.updated": {
      const { companyId, message, ticketStatus } = event.payload;
      io.to([rooms.ticket(companyId, String(message.ticketId)), rooms.ticketStatus(companyId, ticketStatus)]).emit(companyEvent(companyId, "appMessage"), {
        action: "update",
        message,
      });
      return;
    }
    case "contact.updated": {
      const { companyId, contact } = event.payload;
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "contact"), { action: "update", contact });
      return;
    }
    case "contact.import.progress": {
      const { companyId, userId, processed, total } = event.payload;
      const payload: ContactImportProgressPayload = { action: "import", progress: { processed, total } };
      io.to(rooms.user(companyId, userId)).emit(companyEvent(companyId, "contact"), payload);
      return;
    }
    case "record.changed": {
      const { companyId, channel, action, record, userId } = event.payload;
      const room = userId === undefined ? rooms.company(companyId) : rooms.user(companyId, userId);
      io.to(room).emit(companyEvent(companyId, channel), recordEventPayload(channel, action, record));
      return;
    }
  }
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
export function attachRealtime(app: FastifyInstance, deps: AppDeps): void {
  const io = new Server(app.server, {
    pingTimeout: TIMINGS.socketPingMs,
    pingInterval: TIMINGS.socketPingMs,
    serveClient: false,
    cors: { origin: false },
  });
  app.decorate("io", io);
  io.engine.use(rawSecurityHeaders(deps.config.env === "production"));
  const contexts = new WeakMap<Socket, RequestContext>();
  const sessions = new WeakMap<Socket, AccessClaims>();

  io.use((socket, next) => {
    const raw: unknown = socket.handshake.auth?.token ?? socket.handshake.query?.token;
    const token = typeof raw === "string" ? raw : undefined;
    authenticateSession(deps.auth, token).then(
      ({ ctx, claims }) => {
        contexts.set(socket, ctx);
        sessions.set(socket, claims);
        next();
      },
      (error: unknown) => next(new Error(handshakeErrorCode(error, app))),
    );
  });

  const setOnline = async (ctx: RequestContext, online: boolean) => {
    const user = await setUserOnline(deps.db, ctx.companyId, ctx.userId, online);
    if (user) deps.events.publish("user.status", { companyId: ctx.companyId, user });
  };
  const report = (error: unknown) => app.log.error({ err: error }, "realtime handler failed");

  io.on("connection", (socket: Socket) => {
    const ctx = contexts.get(socket);
    if (!ctx) {
      socket.disconnect(true);
      return;
    }
    void socket.join([rooms.company(ctx.companyId), rooms.user(ctx.companyId, ctx.userId)]);

    socket.on(CLIENT_EVENTS.joinNotification, () => void socket.join(rooms.notification(ctx.companyId)));
    socket.on(CLIENT_EVENTS.joinTickets, (status: unknown) => {
      const parsed = ZTicketStatus.safeParse(status);
      if (parsed.success) void socket.join(rooms.ticketStatus(ctx.companyId, parsed.data));
    });
    socket.on(CLIENT_EVENTS.joinTicketsLeave, (status: unknown) => {
      const parsed = ZTicketStatus.safeParse(status);
      if (parsed.success) void socket.leave(rooms.ticketStatus(ctx.companyId, parsed.data));
    });
    socket.on(CLIENT_EVENTS.joinChatBox, (ticket: unknown) => {
      const parsed = ZTicketRef.safeParse(ticket);
      if (parsed.success) void socket.join(rooms.ticket(ctx.companyId, String(parsed.data)));
    });
    socket.on(CLIENT_EVENTS.joinChatBoxLeave, (ticket: unknown) => {
      const parsed = ZTicketRef.safeParse(ticket);
      if (parsed.success) void socket.leave(rooms.ticket(ctx.companyId, String(parsed.data)));
    });
    socket.on(CLIENT_EVENTS.userStatus, () => {
      setOnline(ctx, true).catch(report);
    });
    socket.on("disconnect", () => {
      const stillConnected = (io.sockets.adapter.rooms.get(rooms.user(ctx.companyId, ctx.userId))?.size ?? 0) > 0;
      if (!stillConnected) setOnline(ctx, false).catch(report);
    });

    setOnline(ctx, true).catch(report);
    socket.emit(SERVER_EVENTS.ready);
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

  const unsubscribe = deps.events.subscribe((event) => fanOut(io, event));
  app.addHook("onClose", async () => {
    clearInterval(timer);
    unsubscribe();
    await io.close();
  });
}
