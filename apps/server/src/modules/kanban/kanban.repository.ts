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

/**
 * The tickets of a lane, as a condition on `tickets`: on the board, carrying the kanban tag `tagId`,
 * or (null) carrying no kanban tag ('Em aberto'). Each test is a probe of ticket_tags' primary key
 * (ticket_id, tag_id) per ticket, so a page walks the tickets by activity and stops at a page.
 */
export function laneCondition(tagId: number | null): SQL {
  const onBoard = inArray(tickets.status, [...BOARD_STATUSES]);
  const lane =
    tagId === null
      ? not(
          exists(
            sql`(select 1 from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId} where ${ticketTags.ticketId} = ${tickets.id} and ${tags.kanban} = 1)`,
          ),
        )
      : exists(sql`(select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.tagId} = ${tagId})`);
  return and(onBoard, lane)!;
}
