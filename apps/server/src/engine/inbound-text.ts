import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Message, Ticket } from "@conversa/shared";
import type { InboundMessage } from "../channels/types.ts";
import type { Db } from "../db/client.ts";
import { messageJsonOf } from "../modules/messages/index.ts";
import { ticketJsonOf } from "../modules/tickets/index.ts";
import type { EngineDeps } from "./deps.ts";
import type { CustomerReplyClaimers } from "./reply-hooks.ts";

const p = {
  company: sql.placeholder("company"),
  connection: sql.placeholder("connection"),
  number: sql.placeholder("number"),
  name: sql.placeholder("name"),
  pic: sql.placeholder("pic"),
  wid: sql.placeholder("wid"),
  body: sql.placeholder("body"),
  preview: sql.placeholder("preview"),
  quoted: sql.placeholder("quoted"),
  sentAt: sql.placeholder("sentAt"),
  now: sql.placeholder("now"),
  windowNow: sql.placeholder("windowNow"),
};

/**
 * The common inbound message in one statement: a customer's text in a conversation an attendant already
 * holds (an open ticket, or a pending one reserved for someone: the bot never answers it), of a contact
 * whose name and picture the message does not change, on a connection without the ticket-expiry timer,
 * with no ticket waiting for this contact's rating, and not a text a quiet check might keep quiet. `ok` is that conversation when every one of those
 * holds, and empty otherwise: then the statement writes nothing, and the general pipeline (inbound.ts)
 * handles the message. Otherwise it stores the message (a redelivery does nothing: the unique wid), moves
 * the ticket's last message, unread count and customer time as that pipeline does, records the contact's
 * latest connection, and answers the message and the ticket in their wire shapes for the events, and
 * whether a reply claimer might claim it.
 */
function commonTextStatement(db: Db, claimers: CustomerReplyClaimers) {
  const reply = { companyId: sql`${p.company}::int`, number: sql`${p.number}::text` };
  // A message a quiet check might keep quiet is that check's to judge (inbound.ts): `quietN` says whether the text might be.
  const quietScreens = claimers.quietScreens().map((screen, index) =>
    screen ? sql`and not (${sql.placeholder(`quiet${index}`)}::boolean and (${screen.interest(reply)}))` : sql`and false`,
  );
  // The contact first (its unique number), then its conversation by its indexes: the `limit 1`s (each finds one row at
  // most) keep the subqueries from being pulled up, so that a generic plan cannot start anywhere else.
  const ct = db.$with("ct", {}).as(sql`
    select id, is_group, name, number, profile_pic_url from contacts where company_id = ${p.company}::int and number = ${p.number}::text limit 1`);
  const ok = db.$with("ok", {}).as(sql`
    select ct.id as contact_id, t.id as ticket_id, cn.provider
    from ct
    cross join lateral (
      select id, status, user_id from tickets
      where contact_id = ct.id and whatsapp_id = ${p.connection}::int and status in ('open', 'pending') and company_id = ${p.company}::int limit 1) t
    cross join lateral (select provider, expires_ticket from connections where id = ${p.connection}::int and company_id = ${p.company}::int limit 1) cn
    where not ct.is_group
      and (t.status = 'open' or t.user_id is not null)
      and cn.expires_ticket <= 0
      and (ct.name <> ct.number or ${p.name}::text is null or ${p.name}::text = ct.number)
      and (${p.pic}::text is null or ct.profile_pic_url is not distinct from ${p.pic}::text)
      and not exists (select 1 from tickets r where r.contact_id = ct.id and r.company_id = ${p.company}::int and r.whatsapp_id = ${p.connection}::int and r.awaiting_rating)
      ${sql.join(quietScreens, sql` `)}
    limit 1`);
  const ins = db.$with("ins", {}).as(sql`
    insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, ack, media_type, quoted_msg_id, created_at, updated_at)
    select ${p.company}::int, ok.ticket_id, ok.contact_id, ${p.connection}::int, ${p.wid}::text, ${p.body}::text, false, false, 0, 'chat',
      (select q.id from messages q where q.company_id = ${p.company}::int and q.whatsapp_id = ${p.connection}::int and q.wid = ${p.quoted}::text),
      ${p.sentAt}::timestamptz, ${p.now}::timestamptz
    from ok
    on conflict (company_id, whatsapp_id, wid) do nothing
    returning *`);
  // On the official line the 24-hour window runs from when the customer sent the message and never moves back (inbound.ts).
  const upd = db.$with("upd", {}).as(sql`
    update tickets set last_message = ${p.preview}::text, updated_at = ${p.now}::timestamptz, unread_messages = tickets.unread_messages + 1,
      last_customer_message_at = case when ok.provider = 'cloud'
        then greatest(tickets.last_customer_message_at, least(${p.sentAt}::timestamptz, ${p.now}::timestamptz)) else ${p.now}::timestamptz end
    from ins, ok
    where tickets.id = ins.ticket_id
    returning tickets.*`);
  const moved = db.$with("moved", {}).as(sql`
    update contacts set whatsapp_id = ${p.connection}::int, updated_at = now()
    where id = (select contact_id from ins) and whatsapp_id is distinct from ${p.connection}::int
    returning id`);
  return db
    .with(ct, ok, ins, upd, moved)
    .select({
      eligible: sql<boolean>`exists (select 1 from ok)`,
      message: sql<Message | null>`${messageJsonOf(sql`ins`, sql`${p.company}::int`)}`,
      ticket: sql<Ticket | null>`${ticketJsonOf(sql`upd`, sql`${p.windowNow}`)}`,
      ticketId: sql<number | null>`(select id from upd)`,
      claimable: sql<boolean>`${claimers.interestCondition(reply)}`,
    })
    .from(sql`(select 1) as one`);
}

type Prepared = ReturnType<ReturnType<typeof commonTextStatement>["prepare"]>;
const preparedByDb = new WeakMap<Db, WeakMap<CustomerReplyClaimers, Prepared>>();

/** The statement prepared once per database handle and set of claimers, named after its text (a name is one text on a connection). */
function preparedStatement(db: Db, claimers: CustomerReplyClaimers): Prepared {
  let byClaimers = preparedByDb.get(db);
  if (!byClaimers) preparedByDb.set(db, (byClaimers = new WeakMap()));
  let prepared = byClaimers.get(claimers);
  if (!prepared) {
    const query = commonTextStatement(db, claimers);
    const digest = createHash("sha256").update(query.toSQL().sql).digest("hex").slice(0, 12);
    prepared = query.prepare(`inbound_text_${digest}`);
    byClaimers.set(claimers, prepared);
  }
  return prepared;
}

/** Whether a message may take the one-statement path at all (its conversation is then checked by the statement). */
export function mayBeCommonText(message: InboundMessage): boolean {
  return !message.fromMe && !message.chat.isGroup && message.kind === "chat" && !message.media && !message.location && !message.vcard && !message.call;
}

export type CommonTextOutcome =
  | { kind: "not-common" }
  | { kind: "duplicate" }
  | { kind: "stored"; message: Message; ticket: Ticket; ticketId: number; claimable: boolean };

/** Runs the one-statement path (see commonTextStatement) for a message `mayBeCommonText` let through. */
export async function storeCommonText(deps: EngineDeps, message: InboundMessage, now: Date): Promise<CommonTextOutcome> {
  const name = message.sender.name?.trim().slice(0, 100) || null;
  const [row] = await preparedStatement(deps.db, deps.replyClaimers).execute({
    company: message.companyId,
    connection: message.connectionId,
    number: message.chat.number,
    name,
    pic: message.profilePicUrl ?? null,
    wid: message.wid,
    body: message.body,
    preview: message.body.trim() ? message.body : message.kind,
    quoted: message.quotedWid ?? null,
    sentAt: message.timestamp.toISOString(),
    now: now.toISOString(),
    // The event's ticket carries its window as of the moment it is announced, as loadTicket gives it.
    windowNow: new Date().toISOString(),
    ...Object.fromEntries(deps.replyClaimers.quietScreens().map((screen, index) => [`quiet${index}`, screen?.mightBeQuiet(message.body) ?? true])),
  });
  if (!row?.eligible) return { kind: "not-common" };
  if (!row.message || !row.ticket || row.ticketId === null) return { kind: "duplicate" };
  return { kind: "stored", message: row.message, ticket: row.ticket, ticketId: row.ticketId, claimable: row.claimable };
}
