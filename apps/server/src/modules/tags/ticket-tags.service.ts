import type { Ticket } from "@conversa/shared";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { findAccessibleTicket, loadTicket } from "../tickets/index.ts";
import type { TagsDeps } from "./tags.service.ts";
import { findTagRecord } from "./tags.repository.ts";
import { changeTicketTags, findTagRefs } from "./ticket-tags.repository.ts";
import { type TagChange, type TicketTagLink, planKanbanClear, planTagAdd, planTagSync } from "./ticket-tags.rules.ts";

/** Tells the tags page the new ticket counts of tags added to or removed from a ticket. */
async function publishTicketCounts(deps: TagsDeps, companyId: number, tagIds: readonly number[]): Promise<void> {
  for (const id of new Set(tagIds)) {
    const tag = await findTagRecord(deps.db, companyId, id);
    if (tag) deps.events.publish("record.changed", { companyId, channel: "tag", action: "update", record: tag });
  }
}

/**
 * Applies a change to the tags of a ticket the actor may open, and tells the inboxes and boards (the
 * ticket's event) and the tags page (the counts). `always` publishes the ticket even when nothing changed.
 */
async function applyTagChange(deps: TagsDeps, ctx: RequestContext, ticketId: number, plan: (current: TicketTagLink[]) => TagChange, always = false): Promise<Ticket> {
  const result = await changeTicketTags(deps.db, ctx.companyId, ticketId, plan);
  const ticket = result && (await loadTicket(deps.db, ctx.companyId, ticketId));
  if (!result || !ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  const changed = [...result.removed, ...result.added];
  if (changed.length || always) deps.events.publish("ticket.updated", { companyId: ctx.companyId, ticket });
  await publishTicketCounts(deps, ctx.companyId, changed);
  return ticket;
}

/**
 * Replaces a ticket's tags (the conversation's picker); any user who may open the ticket. One kanban
 * tag at most is kept (see planTagSync). Throws ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION, ERR_NO_TAG_FOUND
 * (a tag outside the company).
 */
export async function syncTicketTags(deps: TagsDeps, ctx: RequestContext, ticketId: number, tagIds: number[]): Promise<Ticket> {
  await findAccessibleTicket(deps.db, ctx, ticketId);
  const unique = [...new Set(tagIds)];
  const found = await findTagRefs(deps.db, ctx.companyId, unique);
  if (found.length !== unique.length) throw new AppError("ERR_NO_TAG_FOUND");
  const requested = unique.map((id) => found.find((tag) => tag.id === id)!);
  return applyTagChange(deps, ctx, ticketId, (current) => planTagSync(current, requested), true);
}

/**
 * PUT /ticket-tags/{ticketId}/{tagId} (a kanban move): adds the tag to a ticket the actor may open; a
 * kanban tag replaces the ticket's other kanban tags in the same transaction. Its route needs the plan's
 * useKanban. Throws ERR_NO_PERMISSION, ERR_NO_TICKET_FOUND, ERR_NO_TAG_FOUND.
 */
export async function addTicketTag(deps: TagsDeps, ctx: RequestContext, ticketId: number, tagId: number): Promise<Ticket> {
  await findAccessibleTicket(deps.db, ctx, ticketId);
  const [tag] = await findTagRefs(deps.db, ctx.companyId, [tagId]);
  if (!tag) throw new AppError("ERR_NO_TAG_FOUND");
  return applyTagChange(deps, ctx, ticketId, (current) => planTagAdd(current, tag));
}

/**
 * DELETE /ticket-tags/{ticketId}: removes the kanban tags of a ticket the actor may open (its card
 * returns to 'Em aberto'); its other tags stay. Its route needs the plan's useKanban. Throws ERR_NO_PERMISSION,
 * ERR_NO_TICKET_FOUND.
 */
export async function removeKanbanTags(deps: TagsDeps, ctx: RequestContext, ticketId: number): Promise<Ticket> {
  await findAccessibleTicket(deps.db, ctx, ticketId);
  return applyTagChange(deps, ctx, ticketId, planKanbanClear);
}
