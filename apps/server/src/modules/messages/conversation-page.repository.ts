import { type SQL, sql } from "drizzle-orm";
import { type Message, SEND_STATUSES, TICKET_ACTIVITY_KINDS, type TicketActivity } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { contactRefJson, isoJson, sqlStrings } from "../../db/wire-json.ts";

export const MESSAGES_PAGE_SIZE = 20;

const mediaUrlJson = (m: string) => `case when ${m}.media_url <> '' then '/media/' || ${m}.media_url end`;
const namedJson = (t: string) => `case when ${t}.id is null then null else json_build_object('id', ${t}.id, 'name', ${t}.name) end`;

/**
 * A message in the wire shape (toMessageDto, messages.repository.ts), built by PostgreSQL: `m` with its
 * contact `mc`, its quoted message `q` (of the same company) and that message's contact `qc`.
 */
const MESSAGE_JSON = `json_build_object('id', m.id, 'ticketId', m.ticket_id, 'body', m.body, 'fromMe', m.from_me, 'read', m.read,
  'ack', greatest(0, least(5, m.ack)), 'mediaType', m.media_type, 'mediaUrl', ${mediaUrlJson("m")}, 'mediaName', m.media_name, 'isDeleted', m.is_deleted,
  'sendStatus', case when m.send_status in (${sqlStrings(SEND_STATUSES)}) then m.send_status else 'sent' end,
  'sendError', case when m.from_me and m.send_status <> 'sent' then m.send_error end,
  'sendRetryUntil', case when m.send_status = 'pending' then ${isoJson("m.send_retry_until")} end,
  'data', case when jsonb_typeof(m.data) = 'object' then m.data end, 'participant', m.participant, 'participantName', m.participant_name,
  'userId', m.user_id, 'contact', ${contactRefJson("mc")},
  'quotedMsg', case when q.id is null then null else json_build_object('id', q.id, 'body', q.body, 'fromMe', q.from_me, 'mediaType', q.media_type,
    'mediaUrl', ${mediaUrlJson("q")}, 'isDeleted', q.is_deleted, 'contact', ${contactRefJson("qc")}) end,
  'createdAt', ${isoJson("m.created_at")}, 'updatedAt', ${isoJson("m.updated_at")})`;

/**
 * The wire shape (MESSAGE_JSON) of the one message of `rows`, a relation of message rows of company
 * `companyId` (an insert's returned rows, say), as a scalar subquery of a larger statement.
 */
export function messageJsonOf(rows: SQL, companyId: SQL): SQL {
  return sql`(select ${sql.raw(MESSAGE_JSON)} ${messagesWithRefs(rows, companyId)})`;
}

/** The wire shape of every message of `rows` (as messageJsonOf), as a JSON array in id order (empty: `[]`). */
export function messagesJsonOf(rows: SQL, companyId: SQL): SQL {
  return sql`(select coalesce(json_agg(${sql.raw(MESSAGE_JSON)} order by m.id), '[]'::json) ${messagesWithRefs(rows, companyId)})`;
}

function messagesWithRefs(rows: SQL, companyId: SQL): SQL {
  // Lateral lookups by primary key: a generic plan never scans a table for the one row.
  return sql`from ${rows} as m
    left join lateral (select * from contacts where id = m.contact_id and company_id = ${companyId} limit 1) mc on true
    left join lateral (select * from messages where id = m.quoted_msg_id and company_id = ${companyId} limit 1) q on true
    left join lateral (select * from contacts where id = q.contact_id and company_id = ${companyId} limit 1) qc on true`;
}

/** An activity in the wire shape (ticket-activity.repository.ts): `e` with its user `eu`, destination queue `eq` and user `et`. */
const ACTIVITY_JSON = `json_build_object('id', e.id, 'ticketId', e.ticket_id, 'kind', e.kind, 'user', ${namedJson("eu")}, 'toQueue', ${namedJson("eq")},
  'toUser', ${namedJson("et")}, 'createdAt', ${isoJson("e.created_at")})`;

export interface ConversationPageQuery {
  companyId: number;
  ticketId: number;
  contactId: number;
  whatsappId: number | null;
  pageNumber: number;
}

export interface ConversationPage {
  /** The page's messages, oldest first, in the wire shape. */
  messages: Message[];
  activities: TicketActivity[];
  count: number;
  /** The first page marks the ticket's customer messages read: how many it marked, and their network ids. */
  marked: { count: number; wids: string[] };
  /** The ticket's contact as the network's read receipt addresses it. */
  contact: { number: string; isGroup: boolean } | null;
}

interface PageRow {
  count: number;
  messages: Message[];
  activities: TicketActivity[];
  markedCount: number;
  markedWids: string[];
  contact: { number: string; isGroup: boolean } | null;
}

const c = sql.placeholder("c");
const t = sql.placeholder("t");
const contactId = sql.placeholder("contact");
const pageOffset = sql.placeholder("pageOffset");

/**
 * The query of a conversation page, on placeholders: `c` company, `t` ticket, `contact` and `wa` the
 * conversation (the contact's tickets on the ticket's connection, or without one), `limit`/`offset` the
 * window of messages (the page, plus on later pages the message just newer than it, which closes its
 * window of activities), `pageOffset` the page's own offset. `visible` (the actor's ticket visibility, on
 * `tickets`) leaves out earlier tickets the actor may not open. With `markRead`, the same statement marks
 * the ticket's customer messages read and clears its unread count; the page is read from the
 * statement's snapshot, so it shows what was unread.
 */
function pageQuery(db: Db, markRead: boolean, visible?: SQL) {
  const marking = markRead
    ? [
        db.$with("marked", {}).as(sql`update messages set read = true where company_id = ${c} and ticket_id = ${t} and read = false and from_me = false returning wid`),
        db.$with("cleared", {}).as(sql`update tickets set unread_messages = 0 where company_id = ${c} and id = ${t} and unread_messages > 0 returning id`),
      ]
    : [];
  const conv = db.$with("conv", {}).as(sql`select id from tickets where company_id = ${c} and contact_id = ${contactId} and whatsapp_id is not distinct from ${sql.placeholder("wa")}::int ${visible ? sql`and ${visible}` : sql``}`);
  const win = db.$with("win", {}).as(sql`select * from messages where company_id = ${c} and ticket_id in (select id from conv) order by created_at desc, id desc limit ${sql.placeholder("limit")} offset ${sql.placeholder("offset")}`);
  const total = db.$with("total", {}).as(sql`select count(*)::int as n from messages where company_id = ${c} and ticket_id in (select id from conv)`);
  return db
    .with(...marking, conv, win, total)
    .select({
      count: sql<number>`total.n`,
      messages: sql<Message[]>`(select coalesce(json_agg(${sql.raw(MESSAGE_JSON)} order by m.created_at, m.id), '[]') from win m
        left join contacts mc on mc.id = m.contact_id and mc.company_id = ${c}
        left join messages q on q.id = m.quoted_msg_id and q.company_id = ${c}
        left join contacts qc on qc.id = q.contact_id and qc.company_id = ${c})`,
      activities: sql<TicketActivity[]>`(select coalesce(json_agg(${sql.raw(ACTIVITY_JSON)} order by e.created_at, e.id), '[]') from ticket_events e
        left join users eu on eu.id = e.user_id left join queues eq on eq.id = e.to_queue_id left join users et on et.id = e.to_user_id
        where e.company_id = ${c} and e.ticket_id in (select id from conv) and e.kind in (${sql.raw(sqlStrings(TICKET_ACTIVITY_KINDS))})
          and (${pageOffset}::int = 0 or (select count(*) from win) > 1)
          and (${pageOffset}::int + ${MESSAGES_PAGE_SIZE} >= total.n or e.created_at >= (select min(created_at) from win))
          and (${pageOffset}::int = 0 or e.created_at < (select max(created_at) from win)))`,
      markedCount: markRead ? sql<number>`(select count(*)::int from marked)` : sql<number>`0`,
      markedWids: markRead ? sql<string[]>`(select coalesce(array_agg(wid) filter (where wid is not null), '{}') from marked)` : sql<string[]>`'{}'::text[]`,
      contact: sql<PageRow["contact"]>`(select json_build_object('number', number, 'isGroup', is_group) from contacts where company_id = ${c} and id = ${contactId})`,
    })
    .from(sql`total`);
}

/** The query prepared, for an actor who may open every ticket (an admin): one that marks read (the first page), one that does not. */
const preparedPage = (markRead: boolean) => preparedPerDb((db) => pageQuery(db, markRead).prepare(markRead ? "conversation_first_page" : "conversation_page"));
const prepared = { first: preparedPage(true), later: preparedPage(false) };

/**
 * One page of a conversation, newest page first, across the tickets of the same contact and connection
 * (earlier tickets stay visible; the web app draws dividers where ticketId changes), with the
 * conversation's count and the activities among the page's messages (the first page has no upper bound,
 * the last none below; a page past the end has none), in one statement. The first page also marks the
 * ticket read in that statement. `visible` is the actor's ticket visibility (ticketAccessCondition):
 * earlier tickets the actor may not open are left out in the query itself, so pages and count stay
 * right. Without it (an admin) the statement is prepared. The messages and activities are PostgreSQL's
 * JSON in the wire shape, which the route's response serializer checks against the schema.
 */
export async function readConversationPage(db: Db, query: ConversationPageQuery, visible?: SQL): Promise<ConversationPage> {
  const offset = (query.pageNumber - 1) * MESSAGES_PAGE_SIZE;
  const markRead = query.pageNumber === 1;
  const params = {
    c: query.companyId,
    t: query.ticketId,
    contact: query.contactId,
    wa: query.whatsappId,
    limit: MESSAGES_PAGE_SIZE + (offset > 0 ? 1 : 0),
    offset: Math.max(0, offset - 1),
    pageOffset: offset,
  };
  const rows: PageRow[] = visible ? await pageQuery(db, markRead, visible).execute(params) : await prepared[markRead ? "first" : "later"](db).execute(params);
  const row = rows[0];
  if (!row) throw new Error("conversation page statement answered no row");
  // On a later page the window's newest message belongs to the newer page.
  const messages = offset > 0 ? row.messages.slice(0, -1) : row.messages;
  return { messages, activities: row.activities, count: row.count, marked: { count: row.markedCount, wids: row.markedWids }, contact: row.contact };
}
