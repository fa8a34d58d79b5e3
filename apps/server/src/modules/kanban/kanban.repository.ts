import { type SQL, and, eq, exists, inArray, not, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { tags, ticketTags, tickets } from "../../db/schema/index.ts";

/** The tickets a board shows: those being worked on. A resolved ticket leaves the board. */
export const BOARD_STATUSES = ["open", "pending"] as const;

/** Whether the company has this tag and it is a kanban lane. */
export async function isKanbanTag(db: Db, companyId: number, tagId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, tagId), eq(tags.kanban, 1)));
  return row !== undefined;
}

/** Which tickets of the board a page holds: one lane (a kanban tag), 'Em aberto' (no kanban tag), or all of them. */
export type BoardPart = { tagId: number } | "untagged" | "board";

/**
 * The tickets of a part of the board, as a condition on `tickets`: open or pending, and carrying the
 * kanban tag `tagId`, or no kanban tag ('Em aberto'), or either (the whole board). Each lane test is a
 * probe of ticket_tags' primary key (ticket_id, tag_id) per ticket, so a page walks the tickets by
 * activity and stops at a page.
 */
export function boardCondition(part: BoardPart): SQL {
  const onBoard = inArray(tickets.status, [...BOARD_STATUSES]);
  if (part === "board") return onBoard;
  const lane =
    part === "untagged"
      ? not(
          exists(
            sql`(select 1 from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId} where ${ticketTags.ticketId} = ${tickets.id} and ${tags.kanban} = 1)`,
          ),
        )
      : exists(sql`(select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.tagId} = ${part.tagId})`);
  return and(onBoard, lane)!;
}
