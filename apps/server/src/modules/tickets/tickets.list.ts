import { type SQL, and, desc, eq, exists, inArray, isNull, or, sql } from "drizzle-orm";
import type { ListTicketsQuery } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { companies, contacts, messages, ticketTags, tickets } from "../../db/schema/index.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { TicketAccessFacts } from "./tickets.policy.ts";

export const TICKETS_PAGE_SIZE = 40;

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The one filter builder of the ticket list (inbox, search, notifications): every filter of the query
 * is combined with AND, and the visibility rule of the actor is always applied unless showAll is allowed.
 */
export function ticketListWhere(ctx: RequestContext, query: ListTicketsQuery, facts: TicketAccessFacts, canShowAll: boolean, timezone: string): SQL {
  const conditions: (SQL | undefined)[] = [eq(tickets.companyId, ctx.companyId)];
  if (!(query.showAll && canShowAll)) {
    conditions.push(
      or(
        eq(tickets.userId, ctx.userId),
        facts.queueIds.length ? inArray(tickets.queueId, [...facts.queueIds]) : undefined,
        facts.allTicket === "enabled" || ctx.profile === "admin" ? isNull(tickets.queueId) : undefined,
      ),
    );
  }
  if (query.status) conditions.push(eq(tickets.status, query.status));
  if (query.queueIds?.length) conditions.push(inArray(tickets.queueId, query.queueIds));
  if (query.users?.length) conditions.push(inArray(tickets.userId, query.users));
  if (query.tags?.length) {
    conditions.push(exists(sql`(select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${inArray(ticketTags.tagId, query.tags)})`));
  }
  if (query.withUnreadMessages) conditions.push(sql`${tickets.unreadMessages} > 0`);
  if (query.date) conditions.push(sql`(${tickets.createdAt} at time zone ${timezone})::date = ${query.date}::date`);
  if (query.updatedAt) conditions.push(sql`(${tickets.updatedAt} at time zone ${timezone})::date = ${query.updatedAt}::date`);
  const search = query.searchParam?.trim().toLowerCase();
  if (search) {
    // One AND-ed semi-join over a union (never an OR across tables): the planner hashes it and the
    // trigram index on messages.body serves the text match.
    const pattern = likePattern(search);
    const digits = search.replace(/\D/g, "");
    const byNumber = digits.length >= 3 ? sql` or ${contacts.number} like ${likePattern(digits)}` : sql``;
    conditions.push(
      inArray(
        tickets.id,
        sql`(select ${tickets.id} from ${tickets} join ${contacts} on ${contacts.id} = ${tickets.contactId} where ${tickets.companyId} = ${ctx.companyId} and (${contacts.name} ilike ${pattern}${byNumber})
          union select ${messages.ticketId} from ${messages} where ${messages.companyId} = ${ctx.companyId} and ${messages.body} ilike ${pattern})`,
      ),
    );
  }
  return and(...conditions) ?? sql`true`;
}

/** One page of ticket ids, newest activity first, and the total count. */
export async function listTicketIds(db: Db, where: SQL, pageNumber: number): Promise<{ ids: number[]; count: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: tickets.id })
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.updatedAt), desc(tickets.id))
      .limit(TICKETS_PAGE_SIZE)
      .offset((pageNumber - 1) * TICKETS_PAGE_SIZE),
    db.select({ count: sql<number>`count(*)::int` }).from(tickets).where(where),
  ]);
  return { ids: rows.map((r) => r.id), count: counted?.count ?? 0 };
}

export async function companyTimezone(db: Db, companyId: number): Promise<string> {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return row?.timezone ?? "America/Sao_Paulo";
}
