import { createHash } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Message, Ticket, TicketStatus } from "@conversa/shared";
import type { Db } from "../db/client.ts";
import { preparedPerDb } from "../db/prepared.ts";
import { messageJsonOf, messagesJsonOf } from "../modules/messages/index.ts";
import { ticketJsonOf } from "../modules/tickets/index.ts";
import type { EngineDeps } from "./deps.ts";
import type { AckWatchers } from "./reply-hooks.ts";

const p = {
  company: sql.placeholder("company"),
  connection: sql.placeholder("connection"),
  wid: sql.placeholder("wid"),
  ack: sql.placeholder("ack"),
  message: sql.placeholder("message"),
  ticket: sql.placeholder("ticket"),
  now: sql.placeholder("now"),
};
const company = sql`${p.company}::int`;

/** What `message.updated` needs of a changed message's ticket: who may see it. */
interface TicketRouting {
  id: number;
  status: string;
  queueId: number | null;
  userId: number | null;
}

interface UpdatedRow {
  messages: Message[];
  tickets: TicketRouting[];
  watched: boolean;
}

/**
 * A statement that changes messages (`change`, an update of messages `returning *`) and answers, from the same
 * statement, each changed message in its wire shape, its ticket's routing facts, and whether an ack watcher
 * might act on one of them (`watchers`): one round trip for what was an update and three reads.
 */
function updatingStatement(db: Db, change: SQL, watchers?: AckWatchers) {
  const upd = db.$with("upd", {}).as(change);
  return db
    .with(upd)
    .select({
      messages: sql<Message[]>`${messagesJsonOf(sql`upd`, company)}`,
      tickets: sql<TicketRouting[]>`(select coalesce(json_agg(json_build_object('id', t.id, 'status', t.status, 'queueId', t.queue_id, 'userId', t.user_id)), '[]'::json)
        from tickets t where t.company_id = ${company} and t.id in (select ticket_id from upd))`,
      watched: watchers ? sql<boolean>`exists (select 1 from upd u where ${watchers.interestCondition({ companyId: company, messageId: sql`u.id` })})` : sql<boolean>`false`,
    })
    .from(sql`(select 1) as one`);
}

type Prepared = ReturnType<ReturnType<typeof updatingStatement>["prepare"]>;

const ackStatements = new WeakMap<Db, WeakMap<AckWatchers, Prepared>>();

/**
 * A network ack (acks only move forward) of the message of a connection's wid: prepared once per database handle
 * and set of watchers (their interests are part of its text, which names it).
 */
function ackStatement(db: Db, watchers: AckWatchers): Prepared {
  let byWatchers = ackStatements.get(db);
  if (!byWatchers) ackStatements.set(db, (byWatchers = new WeakMap()));
  let prepared = byWatchers.get(watchers);
  if (!prepared) {
    const query = updatingStatement(
      db,
      sql`update messages set ack = greatest(ack, ${p.ack}::int), updated_at = ${p.now}::timestamptz
        where company_id = ${company} and whatsapp_id = ${p.connection}::int and wid = ${p.wid}::text and ack < ${p.ack}::int
        returning *`,
      watchers,
    );
    prepared = query.prepare(`message_ack_${createHash("sha256").update(query.toSQL().sql).digest("hex").slice(0, 12)}`);
    byWatchers.set(watchers, prepared);
  }
  return prepared;
}

/** A message the network took: its wid, ack 1 at least, sent, with no error or retry left. */
const sentStatement = preparedPerDb((db) =>
  updatingStatement(
    db,
    sql`update messages set wid = ${p.wid}::text, ack = greatest(ack, 1), send_status = 'sent', send_error = null, send_retry_until = null,
        updated_at = ${p.now}::timestamptz
      where company_id = ${company} and id = ${p.message}::int
      returning *`,
  ).prepare("message_sent"),
);

/** Publishes `message.updated` for each changed message, with its ticket's routing (a waiting status shows as pending). */
function publishUpdated(deps: EngineDeps, companyId: number, row: UpdatedRow): void {
  const ticketsById = new Map(row.tickets.map((ticket) => [ticket.id, ticket]));
  for (const message of row.messages) {
    const ticket = ticketsById.get(message.ticketId);
    if (!ticket) continue;
    const status: TicketStatus = ticket.status === "open" || ticket.status === "closed" ? ticket.status : "pending";
    deps.events.publish("message.updated", { companyId, message, ticket: { id: ticket.id, status, queueId: ticket.queueId, userId: ticket.userId } });
  }
}

/**
 * Records a network ack on the message of `wid` and announces it; answers the ids of the messages whose ack
 * moved forward and whether a watcher might act on one of them.
 */
export async function recordAck(deps: EngineDeps, event: { companyId: number; connectionId: number; wid: string }, ack: number, now: Date): Promise<{ ids: number[]; watched: boolean }> {
  const [row] = await ackStatement(deps.db, deps.ackWatchers).execute({ company: event.companyId, connection: event.connectionId, wid: event.wid, ack, now: now.toISOString() });
  if (!row) return { ids: [], watched: false };
  publishUpdated(deps, event.companyId, row);
  return { ids: row.messages.map((message) => message.id), watched: row.watched };
}

/** Marks a message sent with the network's wid and announces it. */
export async function recordSent(deps: EngineDeps, companyId: number, messageId: number, wid: string, now: Date): Promise<void> {
  const [row] = await sentStatement(deps.db).execute({ company: companyId, message: messageId, wid, now: now.toISOString() });
  if (row) publishUpdated(deps, companyId, row);
}

/** A stored message and its ticket in their wire shapes, read together once the message is committed. */
const createdStatement = preparedPerDb((db) =>
  db
    .select({
      message: sql<Message | null>`${messageJsonOf(sql`(select * from messages where company_id = ${company} and id = ${p.message}::int)`, company)}`,
      ticket: sql<Ticket | null>`${ticketJsonOf(sql`(select * from tickets where company_id = ${company} and id = ${p.ticket}::int)`, sql`${p.now}`)}`,
    })
    .from(sql`(select 1) as one`)
    .prepare("message_created"),
);

/**
 * A message as it stands now, with its ticket, for `message.created`: read after the commit that stored it,
 * so that a send that already went out shows as sent (its `message.updated` may have gone before).
 */
export async function loadCreated(db: Db, companyId: number, messageId: number, ticketId: number): Promise<{ message: Message; ticket: Ticket } | undefined> {
  // The ticket carries its official-line window as of the moment it is announced.
  const [row] = await createdStatement(db).execute({ company: companyId, message: messageId, ticket: ticketId, now: new Date().toISOString() });
  return row?.message && row.ticket ? { message: row.message, ticket: row.ticket } : undefined;
}
