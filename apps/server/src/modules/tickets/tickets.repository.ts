import { type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { type OtherOpenTicketDetails, TICKET_STATUSES, type Ticket } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { contactRefJson, isoJson, sqlStrings } from "../../db/wire-json.ts";
import { connections, contacts, queueConfigs, queues, tickets, users } from "../../db/schema/index.ts";

export type TicketRow = typeof tickets.$inferSelect;

const named = (table: string, id: string, extra = "") =>
  `case when ${id} is not null and ${table}.name is not null then json_build_object('id', ${id}, 'name', ${table}.name${extra}) end`;
const CLOSES_AT = "tickets.last_customer_message_at + interval '24 hours'";

/**
 * A ticket in the wire shape, built by PostgreSQL in the key order of the shared Ticket (events send it
 * as it is): with its contact, user, queue, connection, SLA due time, tags and, on the official line,
 * its 24-hour window as of the `now` placeholder (cloudWindowAt: the window closes 24 h after the
 * customer's last message, to the millisecond).
 */
const TICKET_JSON = sql.raw(`json_build_object('id', tickets.id, 'uuid', tickets.uuid, 'number', tickets.number,
  'status', case when tickets.status in (${sqlStrings(TICKET_STATUSES)}) then tickets.status else 'pending' end,
  'contactId', tickets.contact_id, 'contact', ${contactRefJson("contacts")},
  'userId', tickets.user_id, 'user', ${named("users", "tickets.user_id")},
  'queueId', tickets.queue_id, 'queue', ${named("queues", "tickets.queue_id", ", 'color', coalesce(queues.color, '')")},
  'whatsappId', tickets.whatsapp_id, 'whatsapp', ${named("connections", "tickets.whatsapp_id")},
  'tags', coalesce((select json_agg(json_build_object('id', tags.id, 'name', tags.name, 'color', tags.color) order by tags.id)
    from ticket_tags inner join tags on tags.id = ticket_tags.tag_id where ticket_tags.company_id = tickets.company_id and ticket_tags.ticket_id = tickets.id), '[]'),
  'isGroup', tickets.is_group, 'chatbot', tickets.chatbot, 'useIntegration', tickets.use_integration, 'integrationId', tickets.integration_id,
  'promptId', tickets.prompt_id, 'botSummary', tickets.bot_summary, 'awaitingRating', tickets.awaiting_rating,
  'origin', case when tickets.origin = 'campaign' then 'campaign' else 'inbox' end, 'lastMessage', tickets.last_message, 'unreadMessages', tickets.unread_messages,
  'createdAt', ${isoJson("tickets.created_at")}, 'updatedAt', ${isoJson("tickets.updated_at")},
  'slaDueAt', case when tickets.status = 'pending' and queue_configs.sla_minutes_target is not null
    then ${isoJson("tickets.created_at + queue_configs.sla_minutes_target * interval '1 minute'")} end,
  'cloudWindow', case when connections.provider = 'cloud' then json_build_object('provider', 'cloud', 'closesAt', ${isoJson(CLOSES_AT)},
    'open', coalesce(`);
const CLOUD_WINDOW_OPEN = sql.raw(`::timestamptz < date_trunc('milliseconds', tickets.last_customer_message_at) + interval '24 hours', false)) end)`);

/** The tickets of a company by id in the wire shape (TICKET_JSON): one prepared statement. */
const ticketsByIds = preparedPerDb((db) =>
  db
    .select({ id: tickets.id, ticket: sql<Ticket>`${TICKET_JSON}${sql.placeholder("now")}${CLOUD_WINDOW_OPEN}` })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(connections, eq(connections.id, tickets.whatsappId))
    .leftJoin(queueConfigs, eq(queueConfigs.queueId, tickets.queueId))
    .where(and(eq(tickets.companyId, sql.placeholder("companyId")), sql`${tickets.id} = any(${sql.placeholder("ids")}::int[])`))
    .prepare("tickets_by_ids"),
);

/**
 * The wire shape (TICKET_JSON) of the one ticket of `rows`, a relation of ticket rows (a CTE's returned
 * rows, say), as a scalar subquery of a larger statement: the ticket as it stands after that statement's
 * own change, which a read of the table in the same statement would not see. `now` is the cloud window's
 * moment (an ISO text).
 */
export function ticketJsonOf(rows: SQL, now: SQL): SQL {
  // Lateral lookups by key: a generic plan never scans a table for the one row.
  return sql`(select ${TICKET_JSON}${now}${CLOUD_WINDOW_OPEN} from ${rows} as tickets
    inner join lateral (select * from contacts where id = tickets.contact_id limit 1) contacts on true
    left join lateral (select * from users where id = tickets.user_id limit 1) users on true
    left join lateral (select * from queues where id = tickets.queue_id limit 1) queues on true
    left join lateral (select * from connections where id = tickets.whatsapp_id limit 1) connections on true
    left join lateral (select * from queue_configs where queue_id = tickets.queue_id limit 1) queue_configs on true)`;
}

/**
 * Loads tickets of one company with contact, user, queue, connection and tags (in one statement), in the
 * wire shape; an official-line ticket carries its 24-hour window as of `now`.
 */
export async function loadTickets(db: Db, companyId: number, ids: number[], now = new Date()): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const rows = await ticketsByIds(db).execute({ companyId, ids, now: now.toISOString() });
  const byId = new Map(rows.map((row) => [row.id, row.ticket]));
  return ids.flatMap((id) => {
    const ticket = byId.get(id);
    return ticket ? [ticket] : [];
  });
}

export async function loadTicket(db: Db, companyId: number, id: number, now?: Date): Promise<Ticket | undefined> {
  const [ticket] = await loadTickets(db, companyId, [id], now);
  return ticket;
}

const ticketRowById = preparedPerDb((db) =>
  db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, sql.placeholder("companyId")), eq(tickets.id, sql.placeholder("id"))))
    .prepare("ticket_row_by_id"),
);

export async function findTicketRow(db: Db, companyId: number, id: number): Promise<TicketRow | undefined> {
  const [row] = await ticketRowById(db).execute({ companyId, id });
  return row;
}

/**
 * The contact's active ticket as ERR_OTHER_OPEN_TICKET describes it (undefined: none). `userId` and
 * `userName` name an attendant only when one took it (open); a pending ticket distribution reserved for
 * someone names them as `reservedForId`/`reservedForName` instead, never as the one attending.
 */
export async function findOtherActiveTicket(db: Db, companyId: number, contactId: number): Promise<OtherOpenTicketDetails | undefined> {
  const [row] = await db
    .select({ status: tickets.status, userId: tickets.userId, userName: users.name, queueName: queues.name })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), inArray(tickets.status, ["open", "pending"])))
    .limit(1);
  if (!row) return undefined;
  const taken = row.status === "open" && row.userId !== null;
  const reserved = row.status === "pending" && row.userId !== null;
  return {
    status: row.status === "open" ? "open" : "pending",
    userId: taken ? row.userId : null,
    userName: taken ? row.userName : null,
    reservedForId: reserved ? row.userId : null,
    reservedForName: reserved ? row.userName : null,
    queueName: row.queueName,
  };
}
