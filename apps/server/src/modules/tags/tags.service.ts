import { and, asc, eq, inArray } from "drizzle-orm";
import type { Tag, Ticket } from "@conversa/shared";
import { tags, ticketTags } from "../../db/schema/index.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { findAccessibleTicket } from "../tickets/tickets.access.ts";
import { loadTicket } from "../tickets/tickets.repository.ts";

const columns = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };

/** The company's tags by name. */
export function listTags(deps: Pick<EngineDeps, "db">, ctx: RequestContext): Promise<Tag[]> {
  return deps.db.select(columns).from(tags).where(eq(tags.companyId, ctx.companyId)).orderBy(asc(tags.name));
}

/** Creates a tag. Throws ERR_DUPLICATED_TAG for a name the company already has. */
export async function createTag(deps: Pick<EngineDeps, "db">, ctx: RequestContext, body: { name: string; color?: string; kanban?: number }): Promise<Tag> {
  const [row] = await deps.db
    .insert(tags)
    .values({ companyId: ctx.companyId, name: body.name, color: body.color ?? "#2DDD7F", kanban: body.kanban ?? 0, userId: ctx.userId })
    .onConflictDoNothing({ target: [tags.companyId, tags.name] })
    .returning(columns);
  if (!row) throw new AppError("ERR_DUPLICATED_TAG");
  return row;
}

/** Replaces a ticket's tags. Throws ERR_NO_TICKET_FOUND, ERR_NO_PERMISSION, ERR_NO_TAG_FOUND (a tag outside the company). */
export async function syncTicketTags(deps: EngineDeps, ctx: RequestContext, ticketId: number, tagIds: number[]): Promise<Ticket> {
  await findAccessibleTicket(deps.db, ctx, ticketId);
  const unique = [...new Set(tagIds)];
  if (unique.length) {
    const found = await deps.db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, ctx.companyId), inArray(tags.id, unique)));
    if (found.length !== unique.length) throw new AppError("ERR_NO_TAG_FOUND");
  }
  await deps.db.transaction(async (tx) => {
    await tx.delete(ticketTags).where(and(eq(ticketTags.companyId, ctx.companyId), eq(ticketTags.ticketId, ticketId)));
    if (unique.length) await tx.insert(ticketTags).values(unique.map((tagId) => ({ companyId: ctx.companyId, ticketId, tagId })));
  });
  const ticket = await loadTicket(deps.db, ctx.companyId, ticketId);
  if (!ticket) throw new AppError("ERR_NO_TICKET_FOUND");
  deps.events.publish("ticket.updated", { companyId: ctx.companyId, ticket });
  return ticket;
}
