import { type TicketScope, rooms, ticketScopes } from "@conversa/shared";
import type { TicketViewer } from "../modules/tickets/index.ts";
import { visibleRooms } from "./fan-out.ts";

/** What this module needs of a socket: a local `Socket` or a `RemoteSocket` of another process. */
export interface RoomMember {
  readonly rooms: ReadonlySet<string>;
  join(room: string | string[]): unknown;
  leave(room: string): unknown;
}

/**
 * The socket's visibility-qualified rooms, as (scope, key) pairs. What a socket follows and which keys
 * its user holds are read from its rooms alone, so they are right in whichever process holds the socket.
 */
function qualifiedRooms(socket: RoomMember, companyId: number): { room: string; scope: TicketScope; key: string }[] {
  const prefix = rooms.visiblePrefix(companyId);
  const found: { room: string; scope: TicketScope; key: string }[] = [];
  for (const room of socket.rooms) {
    if (!room.startsWith(prefix)) continue;
    const rest = room.slice(prefix.length);
    const cut = rest.lastIndexOf(":");
    // Scopes are made by `ticketScopes` only, so the part before the key is one of them.
    found.push({ room, scope: rest.slice(0, cut) as TicketScope, key: rest.slice(cut + 1) });
  }
  return found;
}

/** The visibility keys the socket's user holds (those of its "any" scope, joined at connection). */
export function keysOf(socket: RoomMember, companyId: number): string[] {
  return qualifiedRooms(socket, companyId).flatMap((entry) => (entry.scope === ticketScopes.any ? [entry.key] : []));
}

/** Follows a scope with the keys the socket's user holds. */
export function joinScope(socket: RoomMember, companyId: number, scope: TicketScope): void {
  void socket.join(visibleRooms(companyId, [scope], keysOf(socket, companyId)));
}

/** Stops following a scope. */
export function leaveScope(socket: RoomMember, companyId: number, scope: TicketScope): void {
  for (const entry of qualifiedRooms(socket, companyId)) if (entry.scope === scope) void socket.leave(entry.room);
}

/**
 * Puts the socket in the rooms of what it follows (always "any") qualified by the viewer's current
 * keys, in the admins' room when the viewer is an admin or a super user, in the installation's room
 * (announcements) and, for a super user, the super users' room; leaves the rooms of keys and roles it lost.
 */
export function applyViewer(socket: RoomMember, viewer: TicketViewer): void {
  const { companyId } = viewer.ctx;
  const current = qualifiedRooms(socket, companyId);
  const scopes = new Set<TicketScope>([ticketScopes.any, ...current.map((entry) => entry.scope)]);
  const wanted = new Set(visibleRooms(companyId, [...scopes], viewer.audience));
  for (const entry of current) if (!wanted.has(entry.room)) void socket.leave(entry.room);
  const missing = [...wanted].filter((room) => !socket.rooms.has(room));
  // Super users count as admins of their own company, as in every permission check (`can`).
  if (viewer.ctx.profile === "admin" || viewer.ctx.isSuper) missing.push(rooms.admins(companyId));
  else if (socket.rooms.has(rooms.admins(companyId))) void socket.leave(rooms.admins(companyId));
  if (!socket.rooms.has(rooms.installation)) missing.push(rooms.installation);
  if (viewer.ctx.isSuper) missing.push(rooms.supers);
  else if (socket.rooms.has(rooms.supers)) void socket.leave(rooms.supers);
  if (missing.length) void socket.join(missing);
}
