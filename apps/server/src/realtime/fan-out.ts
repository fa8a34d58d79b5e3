import type { Server } from "socket.io";
import { z } from "zod";
import {
  ANNOUNCEMENT_EVENT,
  type AnnouncementEventPayload,
  type ChatEventPayload,
  type PaymentEventPayload,
  type SimulatorEventPayload,
  type ContactImportProgressPayload,
  type Ticket,
  type TicketScope,
  type UserPresencePayload,
  ZUserListItem,
  chatRoomEvent,
  chatUserEvent,
  companyEvent,
  connectionForStaff,
  recordEventPayload,
  rooms,
  ticketScopes,
} from "@conversa/shared";
import type { DomainEvent, TicketAccessRef } from "../events/domain-events.ts";
import { ticketAudience } from "../modules/tickets/index.ts";

const STATUSES = ["open", "pending", "closed"] as const;

/** The rooms of `scopes` qualified by `keys` (every pair). */
export function visibleRooms(companyId: number, scopes: readonly TicketScope[], keys: readonly string[]): string[] {
  return scopes.flatMap((scope) => keys.map((key) => rooms.visible(companyId, scope, key)));
}

/** The rooms of `scopes` whose sockets may open a ticket with this queue and user. */
function ticketRooms(companyId: number, scopes: readonly TicketScope[], ticket: TicketAccessRef): string[] {
  return visibleRooms(companyId, scopes, ticketAudience(ticket));
}


const ZOwned = z.object({ userId: z.number().nullable() }).loose();

/**
 * Emits `full` to the company's admins and `staff` (what the HTTP API shows a user-profile account)
 * to every other socket of the company.
 */
function emitByProfile(io: Server, companyId: number, name: string, full: unknown, staff: unknown): void {
  io.to(rooms.admins(companyId)).emit(name, full);
  io.to(rooms.company(companyId)).except(rooms.admins(companyId)).emit(name, staff);
}

/** The lists a ticket shows in (notifications, its status tab): none for a campaign ticket, which only its own conversation shows. */
function listScopesOf(ticket: Pick<Ticket, "status" | "origin">): TicketScope[] {
  return ticket.origin === "campaign" ? [] : [ticketScopes.notification, ticketScopes.status(ticket.status)];
}

function fanOutTicketUpdate(io: Server, event: Extract<DomainEvent, { name: "ticket.updated" }>["payload"]): void {
  const { companyId, ticket, previousStatus, previousAccess, activity } = event;
  const name = companyEvent(companyId, "ticket");
  const before = previousAccess ?? ticket;
  const nowRooms = ticketRooms(companyId, [...listScopesOf(ticket), ticketScopes.ticket(ticket.id)], ticket);
  const leftRooms = previousStatus && previousStatus !== ticket.status ? ticketRooms(companyId, [ticketScopes.status(previousStatus)], before) : [];
  if (leftRooms.length) io.to(leftRooms).emit(name, { action: "delete", ticketId: ticket.id });
  const nowKeys = new Set(ticketAudience(ticket));
  const lostKeys = ticketAudience(before).filter((key) => !nowKeys.has(key));
  if (lostKeys.length) {
    // Those who could open the ticket before and no longer can: it leaves their lists and panels.
    const lostScopes: TicketScope[] = [ticketScopes.any, ticketScopes.notification, ...STATUSES.map(ticketScopes.status)];
    const lostChat = visibleRooms(companyId, [ticketScopes.ticket(ticket.id)], lostKeys);
    const stillVisible = visibleRooms(companyId, [ticketScopes.any], [...nowKeys]);
    io.to([...visibleRooms(companyId, lostScopes, lostKeys), ...lostChat])
      .except([...stillVisible, ...leftRooms])
      .emit(name, { action: "delete", ticketId: ticket.id });
    io.in(lostChat).except(stillVisible).socketsLeave(lostChat);
  }
  // The activity goes to those who may open the ticket now: the same rule as its messages.
  io.to(nowRooms).emit(name, { action: "update", ticket, ...(activity ? { activity } : {}) });
}

/**
 * `company-announcement` (spec core §4), to every socket of the installation: an active announcement to
 * everyone, an inactive one to super users only; everyone else is told that one which was active before
 * is gone, so that it leaves their popover. Emitted through rooms, so it reaches the sockets of every process.
 */
function fanOutAnnouncement(io: Server, event: Extract<DomainEvent, { name: "announcement.changed" }>["payload"]): void {
  const { action, announcement, previousStatus } = event;
  const emit = (room: ReturnType<Server["to"]>, payload: AnnouncementEventPayload) => room.emit(ANNOUNCEMENT_EVENT, payload);
  if (action === "delete") {
    emit(io.to(announcement.status ? rooms.installation : rooms.supers), { action, id: announcement.id });
    return;
  }
  if (announcement.status) {
    emit(io.to(rooms.installation), { action, record: announcement });
    return;
  }
  emit(io.to(rooms.supers), { action, record: announcement });
  if (action === "update" && previousStatus === true) emit(io.to(rooms.installation).except(rooms.supers), { action: "delete", id: announcement.id });
}

/**
 * `company-{id}-chat` (spec admin §4): to the personal rooms of the chat's members only, never to the
 * company's room, so that no other user (an admin included) hears a chat they are not in, whichever
 * process holds their sockets. Members added by a change get the chat as new; members removed get a
 * delete at once, and nothing of the chat after it. A create or update also goes to each of those
 * members on `company-{id}-chat-user-{userId}` (the previous generation's chat page listens there).
 */
function emitChat(io: Server, companyId: number, userIds: readonly number[], payload: ChatEventPayload): void {
  if (userIds.length === 0) return;
  io.to(userIds.map((userId) => rooms.user(companyId, userId))).emit(companyEvent(companyId, "chat"), payload);
  if (payload.action === "create" || payload.action === "update") {
    for (const userId of userIds) io.to(rooms.user(companyId, userId)).emit(chatUserEvent(companyId, userId), payload);
  }
}

/** A chat's new message or read, on `company-{id}-chat` and `company-{id}-chat-{chatId}`, to `userIds` (members) only. */
function emitChatActivity(io: Server, companyId: number, chatId: number, userIds: readonly number[], payload: ChatEventPayload): void {
  if (userIds.length === 0) return;
  const memberRooms = userIds.map((userId) => rooms.user(companyId, userId));
  io.to(memberRooms).emit(companyEvent(companyId, "chat"), payload);
  io.to(memberRooms).emit(chatRoomEvent(companyId, chatId), payload);
}

function fanOutChatChange(io: Server, event: Extract<DomainEvent, { name: "chat.changed" }>["payload"]): void {
  const { companyId, action, chat, previousUserIds } = event;
  const members = chat.users.map((member) => member.userId);
  if (action === "create" || previousUserIds === undefined) {
    emitChat(io, companyId, members, { action, record: chat, chat });
    return;
  }
  const before = new Set(previousUserIds);
  const now = new Set(members);
  emitChat(io, companyId, previousUserIds.filter((userId) => !now.has(userId)), { action: "delete", id: chat.id });
  emitChat(io, companyId, members.filter((userId) => !before.has(userId)), { action: "create", record: chat, chat });
  emitChat(io, companyId, members.filter((userId) => before.has(userId)), { action: "update", record: chat, chat });
}

/**
 * Turns a domain event into the emits of spec core §4. Every room is scoped by company, but for the
 * installation's announcements.
 */
export function fanOut(io: Server, event: DomainEvent): void {
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
    case "sessions.ended": {
      const { companyId, userIds } = event.payload;
      if (userIds.length > 0) io.in(userIds.map((userId) => rooms.user(companyId, userId))).disconnectSockets();
      return;
    }
    case "user.status": {
      const { companyId, user } = event.payload;
      // Presence is its own action, never an "update": a client replaces its own user with an update's user.
      const presence: UserPresencePayload = { action: "presence", userId: user.id, online: user.online };
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "user"), presence);
      return;
    }
    case "user.access.changed":
      // Handled by the realtime server itself (it reads the user's new access from the database).
      return;
    case "setting.updated": {
      const { companyId, setting } = event.payload;
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "settings"), { action: "update", setting });
      return;
    }
    case "connection.updated": {
      const { companyId, connection } = event.payload;
      const staff = connectionForStaff(connection);
      emitByProfile(io, companyId, companyEvent(companyId, "whatsappSession"), { action: "update", session: connection }, { action: "update", session: staff });
      emitByProfile(io, companyId, companyEvent(companyId, "whatsapp"), { action: "update", whatsapp: connection }, { action: "update", whatsapp: staff });
      return;
    }
    case "connection.deleted": {
      const { companyId, connectionId } = event.payload;
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "whatsapp"), { action: "delete", whatsappId: connectionId });
      return;
    }
    case "ticket.updated":
      fanOutTicketUpdate(io, event.payload);
      return;
    case "ticket.deleted": {
      const { companyId, ticketId, status } = event.payload;
      io.to(ticketRooms(companyId, [ticketScopes.status(status), ticketScopes.notification, ticketScopes.ticket(ticketId)], event.payload)).emit(
        companyEvent(companyId, "ticket"),
        { action: "delete", ticketId },
      );
      return;
    }
    case "ticket.read": {
      const { companyId, ticketId } = event.payload;
      io.to(ticketRooms(companyId, [ticketScopes.any], event.payload)).emit(companyEvent(companyId, "ticket"), { action: "updateUnread", ticketId });
      return;
    }
    case "message.created": {
      const { companyId, message, ticket } = event.payload;
      io.to(ticketRooms(companyId, [ticketScopes.ticket(ticket.id), ...listScopesOf(ticket)], ticket)).emit(
        companyEvent(companyId, "appMessage"),
        { action: "create", message, ticket, contact: ticket.contact },
      );
      return;
    }
    case "message.updated": {
      const { companyId, message, ticket } = event.payload;
      io.to(ticketRooms(companyId, [ticketScopes.ticket(ticket.id), ticketScopes.status(ticket.status)], ticket)).emit(companyEvent(companyId, "appMessage"), {
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
      const name = companyEvent(companyId, channel);
      const payload = recordEventPayload(channel, action, record);
      if (userId !== undefined) {
        io.to(rooms.user(companyId, userId)).emit(name, payload);
        return;
      }
      if (action !== "delete" && channel === "user") {
        // The user themselves and the admins get the whole record, as GET /users/{id} answers it (a client
        // replaces its own user with it); other attendants get what GET /users/list shows them: e-mail,
        // flags and the default connection stay with the admins and the user.
        const item = ZUserListItem.safeParse(record);
        const own = rooms.user(companyId, record.id);
        io.to([rooms.admins(companyId), own]).emit(name, payload);
        io.to(rooms.company(companyId))
          .except([rooms.admins(companyId), own])
          .emit(name, item.success ? recordEventPayload(channel, action, item.data) : { action, user: { id: record.id } });
        return;
      }
      if (channel === "prompt" || channel === "queueIntegration") {
        // AI prompts and integrations are configured by admins only.
        io.to(rooms.admins(companyId)).emit(name, payload);
        return;
      }
      if (action !== "delete" && channel === "schedule") {
        // A schedule is its owner's and the admins'.
        const owner = ZOwned.safeParse(record);
        const ownerId = owner.success ? owner.data.userId : null;
        io.to(ownerId === null ? [rooms.admins(companyId)] : [rooms.admins(companyId), rooms.user(companyId, ownerId)]).emit(name, payload);
        return;
      }
      if (channel === "ContactList" || channel === "ContactListItem" || channel === "campaign") {
        // Campaign administration is the admins'.
        io.to(rooms.admins(companyId)).emit(name, payload);
        return;
      }
      io.to(rooms.company(companyId)).emit(name, payload);
      return;
    }
    case "announcement.changed":
      fanOutAnnouncement(io, event.payload);
      return;
    case "payment.confirmed": {
      const { companyId, invoiceId, dueDate, planId } = event.payload;
      const payload: PaymentEventPayload = { action: "CONCLUIDA", company: { id: companyId, dueDate, planId }, invoiceId };
      io.to(rooms.company(companyId)).emit(companyEvent(companyId, "payment"), payload);
      return;
    }
    case "invoice.changed": {
      const { companyId, invoice } = event.payload;
      io.to(rooms.admins(companyId)).emit(companyEvent(companyId, "invoice"), { action: "update", invoice });
      return;
    }
    case "chat.changed":
      fanOutChatChange(io, event.payload);
      return;
    case "chat.deleted": {
      const { companyId, chatId, userIds } = event.payload;
      emitChat(io, companyId, userIds, { action: "delete", id: chatId });
      return;
    }
    case "chat.message": {
      const { companyId, chat, message } = event.payload;
      emitChatActivity(
        io,
        companyId,
        chat.id,
        chat.users.map((member) => member.userId),
        { action: "new-message", newMessage: { ...message, chat }, chat },
      );
      return;
    }
    case "ticket.sla": {
      const { companyId, userIds, alert } = event.payload;
      if (userIds.length > 0) io.to(userIds.map((userId) => rooms.user(companyId, userId))).emit(companyEvent(companyId, "sla"), { action: "late", alert });
      return;
    }
    case "chat.read": {
      const { companyId, userId, chat } = event.payload;
      emitChatActivity(io, companyId, chat.id, [userId], { action: "update", record: chat, chat });
      return;
    }
    case "simulator.changed": {
      // The simulator is its admins' (GET /simulator/… refuses anyone else): a conversation it names may be of a queue an attendant may not open.
      const { companyId, connectionId, number } = event.payload;
      const payload: SimulatorEventPayload = number === undefined ? { action: "connection", connectionId } : { action: "chat", connectionId, number };
      io.to(rooms.admins(companyId)).emit(companyEvent(companyId, "simulator"), payload);
      return;
    }
  }
}
