import { and, desc, eq } from "drizzle-orm";
import type { TicketNote } from "@conversa/shared";
import { ticketNotes, users } from "../../db/schema/index.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { findAccessibleTicket } from "../tickets/index.ts";

async function noteDto(deps: Pick<EngineDeps, "db">, companyId: number, id: number): Promise<TicketNote | undefined> {
  const [row] = await deps.db
    .select({ note: ticketNotes, userName: users.name })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.id, id)));
  if (!row) return undefined;
  const { note } = row;
  return {
    id: note.id,
    note: note.note,
    ticketId: note.ticketId,
    contactId: note.contactId,
    user: note.userId !== null && row.userName !== null ? { id: note.userId, name: row.userName } : null,
    createdAt: note.createdAt.toISOString(),
  };
}

/** Notes of a ticket and its contact, newest first. Throws ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION. */
export async function listNotes(deps: EngineDeps, ctx: RequestContext, ticketId: number, contactId: number): Promise<TicketNote[]> {
  const ticket = await findAccessibleTicket(deps.db, ctx, ticketId);
  if (ticket.contactId !== contactId) return [];
  const rows = await deps.db
    .select({ id: ticketNotes.id })
    .from(ticketNotes)
    .where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.ticketId, ticketId), eq(ticketNotes.contactId, contactId)))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  const notes = await Promise.all(rows.map((r) => noteDto(deps, ctx.companyId, r.id)));
  return notes.filter((n): n is TicketNote => n !== undefined);
}

/** Adds a note. Throws ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION, ERR_NO_CONTACT_FOUND (contact not the ticket's). */
export async function addNote(deps: EngineDeps, ctx: RequestContext, body: { note: string; ticketId: number; contactId: number }): Promise<TicketNote> {
  const ticket = await findAccessibleTicket(deps.db, ctx, body.ticketId);
  if (ticket.contactId !== body.contactId) throw new AppError("ERR_NO_CONTACT_FOUND");
  const [row] = await deps.db.insert(ticketNotes).values({ companyId: ctx.companyId, note: body.note, ticketId: body.ticketId, contactId: body.contactId, userId: ctx.userId }).returning({ id: ticketNotes.id });
  const note = row && (await noteDto(deps, ctx.companyId, row.id));
  if (!note) throw new AppError("ERR_INTERNAL");
  return note;
}

/** Deletes a note: its author or an admin. Throws ERR_NO_NOTE_FOUND, ERR_NO_PERMISSION. */
export async function deleteNote(deps: EngineDeps, ctx: RequestContext, id: number): Promise<void> {
  const [row] = await deps.db.select().from(ticketNotes).where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.id, id)));
  if (!row) throw new AppError("ERR_NO_NOTE_FOUND");
  await findAccessibleTicket(deps.db, ctx, row.ticketId);
  if (row.userId !== ctx.userId && ctx.profile !== "admin") throw new AppError("ERR_NO_PERMISSION");
  await deps.db.delete(ticketNotes).where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.id, id)));
}
