import { type SQL, and, asc, desc, eq, exists, inArray, isNull, not, or, sql } from "drizzle-orm";
import { type ListTicketsQuery, TICKET_COUNT_CAP } from "@conversa/shared";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { containsPattern, foldedColumnContains, foldedColumnContainsWords } from "../../db/search.ts";
import { companies, contacts, messages, ticketTags, tickets, userQueues, users } from "../../db/schema/index.ts";
import { type RequestContext, sessionFactsOf } from "../../lib/context.ts";
import type { TicketAccessFacts } from "./tickets.policy.ts";

export const TICKETS_PAGE_SIZE = 40;

/**
 * How many matching rows a search probe reads before it calls a term common. Below it the matches
 * are few and are looked up by id; at it, walking the tickets by activity finds a page sooner.
 */
export const SEARCH_PROBE_LIMIT = 2000;

function ownTicketsCondition(ctx: RequestContext, facts: TicketAccessFacts, withoutQueue: boolean): SQL {
  return (
    or(
      eq(tickets.userId, ctx.userId),
      facts.queueIds.length ? inArray(tickets.queueId, [...facts.queueIds]) : undefined,
      withoutQueue ? isNull(tickets.queueId) : undefined,
    ) ?? sql`false`
  );
}

/**
 * canAccessTicket (tickets.policy.ts) as a condition on the `tickets` table, for queries that must
 * filter in SQL (earlier conversations, schedules): undefined for an admin, who may open every ticket.
 */
export function ticketAccessCondition(ctx: RequestContext, facts: TicketAccessFacts): SQL | undefined {
  if (ctx.profile === "admin") return undefined;
  return ownTicketsCondition(ctx, facts, facts.allTicket === "enabled");
}

/**
 * The tickets of the attendants' work: campaign tickets (closed carriers of campaign sends and opt-out
 * replies) are left out of every list, count and report; their messages stay in the contact's history.
 */
export const isInboxTicket: SQL = eq(tickets.origin, "inbox");

/**
 * The one filter builder of the ticket list (inbox, search, notifications): every filter of the query
 * is combined with AND, and the visibility rule of the actor is always applied unless showAll is allowed.
 */
export function ticketListWhere(ctx: RequestContext, query: ListTicketsQuery, facts: TicketAccessFacts, canShowAll: boolean, timezone: string, search?: SQL): SQL {
  const conditions: (SQL | undefined)[] = [eq(tickets.companyId, ctx.companyId), isInboxTicket];
  // An admin's inbox (without showAll) is the same set as a user's, with tickets without a queue.
  if (!(query.showAll && canShowAll)) conditions.push(ownTicketsCondition(ctx, facts, facts.allTicket === "enabled" || ctx.profile === "admin"));
  if (query.status) conditions.push(eq(tickets.status, query.status));
  // The queue filter also keeps the tickets without a queue (those waiting in the bot's menu), as the
  // previous generation's inbox expects; the visibility rule above still decides who sees them.
  if (query.queueIds?.length) conditions.push(or(inArray(tickets.queueId, query.queueIds), isNull(tickets.queueId)));
  if (query.users?.length) conditions.push(inArray(tickets.userId, query.users));
  if (query.contactId) conditions.push(eq(tickets.contactId, query.contactId));
  if (query.tags?.length) {
    conditions.push(exists(sql`(select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${inArray(ticketTags.tagId, query.tags)})`));
  }
  if (query.withUnreadMessages) conditions.push(sql`${tickets.unreadMessages} > 0`);
  if (query.date) conditions.push(sql`(${tickets.createdAt} at time zone ${timezone})::date = ${query.date}::date`);
  if (query.updatedAt) conditions.push(sql`(${tickets.updatedAt} at time zone ${timezone})::date = ${query.updatedAt}::date`);
  if (search) conditions.push(search);
  return and(...conditions) ?? sql`true`;
}

/** The term's conditions on a message's text and on a contact's name or number; undefined without a term. */
function searchMatchesOf(searchParam: string | undefined): { bodyMatch: SQL; contactMatch: SQL } | undefined {
  const search = searchParam?.trim().toLowerCase();
  if (!search) return undefined;
  const digits = search.replace(/\D/g, "");
  const nameMatch = foldedColumnContainsWords(contacts.nameFolded, search);
  const contactMatch = digits.length >= 3 ? (or(nameMatch, sql`${contacts.number} like ${containsPattern(digits)}`) ?? nameMatch) : nameMatch;
  return { bodyMatch: foldedColumnContains(messages.bodyFolded, search), contactMatch };
}

export interface TicketSearch {
  /** The condition on `tickets`. */
  condition: SQL;
  /** Some message's text contains the term: tickets of the answer may carry their matching message. */
  inTexts: boolean;
}

/**
 * The `searchParam` condition: contact name, number or any message text contains the term (names and
 * text without regard to accents or case).
 *
 * Each side (message text, contact) is planned apart, by probing how common the term is there. A rare
 * side (fewer than SEARCH_PROBE_LIMIT matches) becomes a list of ticket or contact ids, served by the
 * trigram indexes and then by primary keys; a side without matches adds nothing. A common side becomes
 * an EXISTS test on the ticket's messages or contact, so the page query walks tickets by activity and
 * stops at a page of matches instead of reading every match. A term common on one side only (a
 * surname, a word of the texts) leaves that EXISTS alone in the condition, where the planner makes it
 * a semi-join: the page walks by activity and the capped count stops after TICKET_COUNT_CAP matches.
 */
export async function ticketSearchCondition(db: Db, companyId: number, searchParam: string | undefined): Promise<TicketSearch | undefined> {
  const matches = searchMatchesOf(searchParam);
  if (!matches) return undefined;
  const { bodyMatch, contactMatch } = matches;
  const [[messageHits], [contactHits]] = await Promise.all([
    probeIds(db, messages, messages.ticketId, and(eq(messages.companyId, companyId), bodyMatch)),
    probeIds(db, contacts, contacts.id, and(eq(contacts.companyId, companyId), contactMatch)),
  ]);
  const byText = messageHits?.ids
    ? idsCondition(tickets.id, messageHits.ids.map(Number))
    : exists(sql`(select 1 from ${messages} where ${messages.ticketId} = ${tickets.id} and ${bodyMatch})`);
  const byContact = contactHits?.ids
    ? idsCondition(tickets.contactId, contactHits.ids.map(Number))
    : exists(sql`(select 1 from ${contacts} where ${contacts.id} = ${tickets.contactId} and ${contactMatch})`);
  return { condition: or(byText, byContact) ?? sql`false`, inTexts: messageHits?.ids?.length !== 0 };
}

/**
 * A probe's hits in one row: their distinct ids while fewer than SEARCH_PROBE_LIMIT, null once the
 * probe is full (the side is common, and its ids are not needed).
 */
function probeIds(db: Db, table: PgTable, id: AnyPgColumn, where: SQL | undefined) {
  const hits = db.select({ id }).from(table).where(where).limit(SEARCH_PROBE_LIMIT).as("hits");
  return db.select({ ids: sql<number[] | null>`case when count(*) < ${SEARCH_PROBE_LIMIT} then coalesce(array_agg(distinct ${hits.id}), '{}') end` }).from(hits);
}

/** The column is one of the ids; undefined (no condition) for none. */
function idsCondition(column: typeof tickets.id | typeof tickets.contactId, ids: number[]): SQL | undefined {
  return ids.length ? inArray(column, ids) : undefined;
}

export interface SearchMatchRow {
  ticketId: number;
  messageId: number;
  body: string;
  createdAt: Date;
}

/**
 * For a page of a search answer: the newest message of each ticket whose text contains the term, for
 * the tickets whose contact's name and number do not (those show as usual). One query over the page's
 * tickets only; they passed the list's visibility rule, so their messages may be shown. Each ticket's
 * messages are read newest first on `(ticket_id, created_at desc)` and the read stops at the first match.
 */
export async function listSearchMatches(db: Db, companyId: number, ticketIds: number[], searchParam: string | undefined): Promise<SearchMatchRow[]> {
  const matches = searchMatchesOf(searchParam);
  if (!matches || ticketIds.length === 0) return [];
  const newest = db
    .select({ messageId: messages.id, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, tickets.id), matches.bodyMatch))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as("newest");
  return db
    .select({ ticketId: tickets.id, messageId: newest.messageId, body: newest.body, createdAt: newest.createdAt })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoinLateral(newest, sql`true`)
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ticketIds), not(matches.contactMatch)));
}

/**
 * The order of a list: newest activity first, or (the pending tab) the longest waiting first, by the
 * ticket's creation as the SLA counts it.
 */
export type TicketListOrder = "activity" | "waiting";

/** The pending tab is a waiting line; every other list shows the newest activity first. */
export function ticketListOrderOf(query: Pick<ListTicketsQuery, "status" | "searchParam">): TicketListOrder {
  return query.status === "pending" && !query.searchParam?.trim() ? "waiting" : "activity";
}

/**
 * One page of ticket ids in the list's order; whether more follow; and the number of matches,
 * counted up to TICKET_COUNT_CAP (the tab badges show "999+" beyond that).
 */
export async function listTicketIds(db: Db, where: SQL, pageNumber: number, order: TicketListOrder = "activity"): Promise<{ ids: number[]; count: number; hasMore: boolean }> {
  const offset = (pageNumber - 1) * TICKETS_PAGE_SIZE;
  const capped = db.select({ one: sql`1` }).from(tickets).where(where).limit(TICKET_COUNT_CAP).as("capped");
  // One statement: the page carries the capped count (a subquery, read once).
  const rows = await db
    .select({ id: tickets.id, count: sql<number>`(select count(*)::int from ${capped})` })
    .from(tickets)
    .where(where)
    .orderBy(...(order === "waiting" ? [asc(tickets.createdAt), asc(tickets.id)] : [desc(tickets.updatedAt), desc(tickets.id)]))
    .limit(TICKETS_PAGE_SIZE + 1)
    .offset(offset);
  // A page past the end has no row to carry the count.
  const counted = rows[0]?.count ?? (offset > 0 ? ((await db.select({ count: sql<number>`count(*)::int` }).from(capped))[0]?.count ?? 0) : 0);
  const hasMore = rows.length > TICKETS_PAGE_SIZE;
  const ids = rows.slice(0, TICKETS_PAGE_SIZE).map((r) => r.id);
  // Past the cap, the count is at least the rows the pages have shown.
  return { ids, count: Math.max(counted, offset + ids.length), hasMore };
}

/**
 * The facts the list needs about the actor and the company: queues, allTicket, time zone. Those read
 * with the request's session check when it did, else one query.
 */
export async function listContextOf(db: Db, ctx: RequestContext): Promise<{ facts: TicketAccessFacts; timezone: string }> {
  const known = sessionFactsOf(ctx);
  if (known) return { facts: { allTicket: known.allTicket, queueIds: known.queueIds }, timezone: known.timezone };
  const [row] = await db
    .select({
      allTicket: users.allTicket,
      timezone: companies.timezone,
      queueIds: sql<number[]>`coalesce(array_agg(${userQueues.queueId}) filter (where ${userQueues.queueId} is not null), '{}')`,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(userQueues, and(eq(userQueues.userId, users.id), eq(userQueues.companyId, users.companyId)))
    .where(and(eq(users.companyId, ctx.companyId), eq(users.id, ctx.userId)))
    .groupBy(users.allTicket, companies.timezone);
  return {
    facts: { allTicket: row?.allTicket ?? "desabled", queueIds: (row?.queueIds ?? []).map(Number) },
    timezone: row?.timezone ?? "America/Sao_Paulo",
  };
}
