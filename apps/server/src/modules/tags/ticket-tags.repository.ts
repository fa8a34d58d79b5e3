import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { tags, ticketTags, tickets } from "../../db/schema/index.ts";
import type { TagChange, TagRef, TicketTagLink } from "./ticket-tags.rules.ts";

/** The company's tags among `ids`, with their kanban flag. */
export async function findTagRefs(db: Db, companyId: number, ids: readonly number[]): Promise<TagRef[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: tags.id, kanban: tags.kanban })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), inArray(tags.id, [...ids])));
  return rows.map((row) => ({ id: row.id, kanban: row.kanban === 1 }));
}

/**
 * Changes a ticket's tags with its row locked, so that changes of one ticket's tags (two boards moving
 * the same card, a drag and the conversation's picker) run one after the other: `plan` sees the tags
 * as they are once the lock is held. Undefined when the company has no such ticket.
 */
export async function changeTicketTags(
  db: Db,
  companyId: number,
  ticketId: number,
  plan: (current: TicketTagLink[]) => TagChange,
): Promise<{ removed: number[]; added: number[] } | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
      .for("update");
    if (!locked) return undefined;
    const current = await tx
      .select({ tagId: ticketTags.tagId, kanban: tags.kanban })
      .from(ticketTags)
      .innerJoin(tags, eq(tags.id, ticketTags.tagId))
      .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId)));
    const change = plan(current.map((row) => ({ tagId: row.tagId, kanban: row.kanban === 1 })));
    const removed = change.remove.length
      ? await tx
          .delete(ticketTags)
          .where(and(eq(ticketTags.companyId, companyId), eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, change.remove)))
          .returning({ tagId: ticketTags.tagId })
      : [];
    const added = change.add.length
      ? await tx
          .insert(ticketTags)
          .values(change.add.map((tagId) => ({ companyId, ticketId, tagId })))
          .onConflictDoNothing()
          .returning({ tagId: ticketTags.tagId })
      : [];
    return { removed: removed.map((row) => row.tagId), added: added.map((row) => row.tagId) };
  });
}
