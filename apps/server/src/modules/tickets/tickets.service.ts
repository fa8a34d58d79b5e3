import { and, eq } from "drizzle-orm";
import { type CreateTicketBody, type ListTicketsQuery, type Ticket, type UpdateTicketBody, ZIdText, can } from "@conversa/shared";
import { connections, contacts, queues, tickets, users } from "../../db/schema/index.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { nowOf } from "../../engine/deps.ts";
import { acceptTicket, reopenTicket, resolveTicket, returnTicket, transferTicket } from "../../engine/lifecycle.ts";
import { routeTicket } from "../../engine/routing.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { assertReferencesExist } from "../../db/references.ts";
import { recordAudit } from "../audit/index.ts";
import { accessFactsOf, findAccessibleTicket } from "./tickets.access.ts";
import { mayOpenTicketInQueue } from "./tickets.policy.ts";
import { listContextOf, listSearchMatches, listTicketIds, ticketListOrderOf, ticketListWhere, ticketSearchCondition } from "./tickets.list.ts";
import { type TicketRow, findOtherActiveTicket, loadTicket, loadTickets } from "./tickets.repository.ts";

const actor = (ctx: RequestContext) => ({ profile: ctx.profile, isSuper: ctx.isSuper });

/**
 * The ticket list with every filter combined; a user-profile account sees only its queues. The
 * pending tab lists the longest waiting first, every other list the newest activity first. A search
 * answer carries, on each ticket found by a message's text, that message (`searchMatch`).
 */
export async function listTickets(deps: EngineDeps, ctx: RequestContext, query: ListTicketsQuery): Promise<{ tickets: Ticket[]; count: number; hasMore: boolean }> {
  const [{ facts, timezone }, search] = await Promise.all([listContextOf(deps.db, ctx), ticketSearchCondition(deps.db, ctx.companyId, query.searchParam)]);
  const where = ticketListWhere(ctx, query, facts, can(actor(ctx), "tickets-manager:showall"), timezone, search?.condition);
  const { ids, count, hasMore } = await listTicketIds(deps.db, where, query.pageNumber, ticketListOrderOf(query));
  const [page, matches] = await Promise.all([loadTickets(deps.db, ctx.companyId, ids), search?.inTexts ? listSearchMatches(deps.db, ctx.companyId, ids, query.searchParam) : []]);
  if (matches.length === 0) return { tickets: page, count, hasMore };
  const matchOf = new Map(matches.map((m) => [m.ticketId, { messageId: m.messageId, body: m.body, createdAt: m.createdAt.toISOString() }]));
  return { tickets: page.map((ticket) => ({ ...ticket, searchMatch: matchOf.get(ticket.id) })), count, hasMore };
}

/** One ticket by id, or by uuid (or an id given in its place). Throws ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION. */
export async function showTicket(deps: EngineDeps, ctx: RequestContext, ref: { id?: number; uuid?: string }): Promise<Ticket> {
  let id = ref.id;
  if (id === undefined && ref.uuid !== undefined) {
    // An id given in its place; one beyond the database's ids names no ticket.
    if (/^\d{1,10}$/.test(ref.uuid)) id = ZIdText.safeParse(ref.uuid).data;
    else if (/^[0-9a-f-]{36}$/i.test(ref.uuid)) {
      const [row] = await deps.db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.uuid, ref.uuid.toLowerCase())));
      id = row?.id;
    }
  }
  if (id === undefined) throw new AppError("ERR_NO_TICKET_FOUND");
  await findAccessibleTicket(deps.db, ctx, id);
  const ticket = await loadTicket(deps.db, ctx.companyId, id, nowOf(deps));
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  return ticket;
}

/**
 * Opens a ticket for a contact (the new-ticket modal). A non-admin must choose a queue, one of their own
 * (spec core §5); an admin may choose any queue of the company, or none. The connection is the one given,
 * else the user's default, else the company's default.
 * Throws ERR_NO_CONTACT_FOUND, ERR_NO_QUEUE_FOUND, ERR_NO_PERMISSION (a queue the user is not in), ERR_NO_WAPP_FOUND,
 * ERR_NO_DEF_WAPP_FOUND, ERR_OTHER_OPEN_TICKET (details: who attends it, or whom it is reserved for), ERR_VALIDATION.
 */
export async function createTicket(deps: EngineDeps, ctx: RequestContext, body: CreateTicketBody): Promise<Ticket> {
  const [contact] = await deps.db.select({ id: contacts.id, isGroup: contacts.isGroup }).from(contacts).where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, body.contactId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  if (!body.queueId && ctx.profile !== "admin") throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/queueId", message: "Selecione uma fila" }], "Selecione uma fila");
  if (body.queueId) {
    const [queue] = await deps.db.select({ id: queues.id }).from(queues).where(and(eq(queues.companyId, ctx.companyId), eq(queues.id, body.queueId)));
    if (!queue) throw new AppError("ERR_NO_QUEUE_FOUND");
    if (!mayOpenTicketInQueue(ctx, body.queueId, await accessFactsOf(deps.db, ctx))) throw new AppError("ERR_NO_PERMISSION");
  }
  let whatsappId = body.whatsappId ?? null;
  if (whatsappId) {
    const [connection] = await deps.db.select({ id: connections.id }).from(connections).where(and(eq(connections.companyId, ctx.companyId), eq(connections.id, whatsappId)));
    if (!connection) throw new AppError("ERR_NO_WAPP_FOUND");
  } else {
    const [me] = await deps.db.select({ whatsappId: users.whatsappId }).from(users).where(eq(users.id, ctx.userId));
    const [fallback] = await deps.db.select({ id: connections.id }).from(connections).where(and(eq(connections.companyId, ctx.companyId), eq(connections.isDefault, true)));
    whatsappId = me?.whatsappId ?? fallback?.id ?? null;
    if (!whatsappId) throw new AppError("ERR_NO_DEF_WAPP_FOUND");
  }
  const other = await findOtherActiveTicket(deps.db, ctx.companyId, contact.id);
  if (other) throw new AppError("ERR_OTHER_OPEN_TICKET", other, JSON.stringify(other));
  const userId = body.userId ?? ctx.userId;
  if (userId !== ctx.userId) {
    const [target] = await deps.db.select({ id: users.id }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, userId)));
    if (!target) throw new AppError("ERR_NO_USER_FOUND");
  }
  const status = body.status ?? "open";
  const now = nowOf(deps);
  let created: { id: number } | undefined;
  try {
    [created] = await deps.db
      .insert(tickets)
      .values({ companyId: ctx.companyId, contactId: contact.id, whatsappId, queueId: body.queueId ?? null, userId: status === "open" ? userId : null, status, isGroup: contact.isGroup, acceptedAt: status === "open" ? now : null, createdAt: now, updatedAt: now })
      .returning({ id: tickets.id });
  } catch (error) {
    const other2 = await findOtherActiveTicket(deps.db, ctx.companyId, contact.id);
    if (other2) throw new AppError("ERR_OTHER_OPEN_TICKET", other2, JSON.stringify(other2));
    throw error;
  }
  if (!created) throw new AppError("ERR_CREATING_TICKET");
  if (body.queueId) await routeTicket(deps, { companyId: ctx.companyId, ticketId: created.id, fromQueueId: null, toQueueId: body.queueId, strategy: "manual", assignedUserId: status === "open" ? userId : null });
  const ticket = await loadTicket(deps.db, ctx.companyId, created.id);
  if (!ticket) throw new AppError("ERR_CREATING_TICKET");
  deps.events.publish("ticket.updated", { companyId: ctx.companyId, ticket });
  return ticket;
}

/** Which lifecycle action a PUT body asks for. */
export function ticketActionOf(ticket: Pick<TicketRow, "status" | "queueId" | "userId">, body: UpdateTicketBody):
  | { kind: "transfer"; queueId: number; userId: number | null; whatsappId: number | null }
  | { kind: "accept" | "reopen" | "return" | "resolve" | "none" } {
  const wantsQueue = body.queueId !== undefined && body.queueId !== null;
  const changesQueue = wantsQueue && body.queueId !== ticket.queueId;
  const changesUser = body.userId !== undefined && body.userId !== null && body.userId !== ticket.userId && body.status !== "open";
  if (wantsQueue && (changesQueue || changesUser || body.whatsappId)) {
    return { kind: "transfer", queueId: body.queueId!, userId: body.userId ?? null, whatsappId: body.whatsappId ?? null };
  }
  // Asking for an open ticket is accepting it: refused when another attendant holds it.
  if (body.status === "open") return ticket.status === "closed" ? { kind: "reopen" } : { kind: "accept" };
  if (body.status === "pending") return ticket.status === "open" ? { kind: "return" } : { kind: "none" };
  if (body.status === "closed") return ticket.status === "closed" ? { kind: "none" } : { kind: "resolve" };
  return { kind: "none" };
}

/**
 * Accept, return, resolve, reopen or transfer, with the engine's rules; a non-null promptId or integrationId
 * must name a record of the company (none can exist yet). Throws ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION,
 * ERR_OTHER_OPEN_TICKET, ERR_TICKET_ALREADY_ACCEPTED (another attendant holds it), ERR_NO_QUEUE_FOUND, ERR_NO_USER_FOUND, ERR_NO_WAPP_FOUND, ERR_NO_PROMPT_FOUND, ERR_NO_INTEGRATION_FOUND.
 */
export async function updateTicket(deps: EngineDeps, ctx: RequestContext, ticketId: number, body: UpdateTicketBody): Promise<Ticket> {
  const ticket = await findAccessibleTicket(deps.db, ctx, ticketId);
  await assertReferencesExist(deps.db, ctx.companyId, { promptId: body.promptId, integrationId: body.integrationId });
  const action = ticketActionOf(ticket, body);
  let result: Ticket | undefined;
  switch (action.kind) {
    case "accept":
      result = await acceptTicket(deps, ctx, ticketId);
      break;
    case "reopen":
      result = await reopenTicket(deps, ctx, ticketId);
      break;
    case "return":
      result = await returnTicket(deps, ctx, ticketId);
      break;
    case "resolve":
      result = await resolveTicket(deps, ctx, ticketId);
      break;
    case "transfer":
      result = await transferTicket(deps, ctx, ticketId, { queueId: action.queueId, userId: action.userId, whatsappId: action.whatsappId });
      break;
    case "none":
      break;
  }
  const flags: Partial<typeof tickets.$inferInsert> = {};
  if (body.useIntegration !== undefined) flags.useIntegration = body.useIntegration;
  if (body.promptId !== undefined) flags.promptId = body.promptId;
  if (body.integrationId !== undefined) flags.integrationId = body.integrationId;
  if (Object.keys(flags).length) {
    await deps.db.update(tickets).set(flags).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)));
    result = await loadTicket(deps.db, ctx.companyId, ticketId);
    if (result) deps.events.publish("ticket.updated", { companyId: ctx.companyId, ticket: result });
  }
  return result ?? (await showTicket(deps, ctx, { id: ticketId }));
}

/**
 * Deletes a ticket and its messages, with its audit entry (ids and status only: nothing of the contact).
 * Requires ticket-options:deleteTicket. Throws ERR_NO_PERMISSION, ERR_NO_TICKET_FOUND.
 */
export async function deleteTicket(deps: EngineDeps, ctx: RequestContext, ticketId: number): Promise<void> {
  if (!can(actor(ctx), "ticket-options:deleteTicket")) throw new AppError("ERR_NO_PERMISSION");
  const ticket = await findAccessibleTicket(deps.db, ctx, ticketId);
  await deps.db.transaction(async (tx) => {
    await tx.delete(tickets).where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.id, ticketId)));
    const before = { status: ticket.status, contactId: ticket.contactId, queueId: ticket.queueId, userId: ticket.userId, whatsappId: ticket.whatsappId };
    await recordAudit(tx, ctx, { action: "ticket.delete", target: { type: "ticket", id: ticketId }, before });
  });
  deps.events.publish("ticket.deleted", {
    companyId: ctx.companyId,
    ticketId,
    status: ticket.status === "open" || ticket.status === "closed" ? ticket.status : "pending",
    queueId: ticket.queueId,
    userId: ticket.userId,
  });
}
