import { type Placeholder, type SQL, and, desc, eq, inArray, sql } from "drizzle-orm";
import { type Message, type TicketActivity, ZSendStatus } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { contacts, messages, tickets } from "../../db/schema/index.ts";
import { listTicketActivities } from "../tickets/index.ts";

export type MessageRow = typeof messages.$inferSelect;

type ContactRef = Message["contact"];
type Contact = NonNullable<ContactRef>;

function mediaUrlOf(row: MessageRow): string | null {
  return row.mediaUrl ? `/media/${row.mediaUrl}` : null;
}

function toQuoted(row: MessageRow, contact: ContactRef): NonNullable<Message["quotedMsg"]> {
  return { id: row.id, body: row.body, fromMe: row.fromMe, mediaType: row.mediaType, mediaUrl: mediaUrlOf(row), isDeleted: row.isDeleted, contact };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function toMessageDto(row: MessageRow, contact: ContactRef, quoted: Message["quotedMsg"]): Message {
  return {
    id: row.id,
    ticketId: row.ticketId,
    body: row.body,
    fromMe: row.fromMe,
    read: row.read,
    ack: Math.max(0, Math.min(5, row.ack)),
    mediaType: row.mediaType,
    mediaUrl: mediaUrlOf(row),
    mediaName: row.mediaName,
    isDeleted: row.isDeleted,
    sendStatus: ZSendStatus.catch("sent").parse(row.sendStatus),
    sendError: row.fromMe && row.sendStatus !== "sent" ? row.sendError : null,
    sendRetryUntil: row.sendStatus === "pending" ? (row.sendRetryUntil?.toISOString() ?? null) : null,
    data: isRecord(row.data) ? row.data : null,
    participant: row.participant,
    participantName: row.participantName,
    userId: row.userId,
    contact,
    quotedMsg: quoted,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const contactColumns = { id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email, profilePicUrl: contacts.profilePicUrl, isGroup: contacts.isGroup };

/**
 * Messages of one company, with their contact and quoted message, in the wire shape. The contacts
 * already read with the rows (`knownContacts`, by id) are not read again.
 */
export async function loadMessages(db: Db, companyId: number, rows: MessageRow[], knownContacts: ReadonlyMap<number, Contact> = new Map()): Promise<Message[]> {
  if (rows.length === 0) return [];
  const quotedIds = [...new Set(rows.flatMap((r) => (r.quotedMsgId ? [r.quotedMsgId] : [])))];
  const contactIds = new Set(rows.flatMap((r) => (r.contactId ? [r.contactId] : [])));
  const quotedRows = quotedIds.length
    ? await db.select().from(messages).where(and(eq(messages.companyId, companyId), inArray(messages.id, quotedIds)))
    : [];
  for (const q of quotedRows) if (q.contactId) contactIds.add(q.contactId);
  const missing = [...contactIds].filter((id) => !knownContacts.has(id));
  const contactRows = missing.length ? await db.select(contactColumns).from(contacts).where(and(eq(contacts.companyId, companyId), inArray(contacts.id, missing))) : [];
  const contactById = new Map([...knownContacts, ...contactRows.map((c) => [c.id, c] as const)]);
  const quotedById = new Map(quotedRows.map((q) => [q.id, toQuoted(q, q.contactId ? (contactById.get(q.contactId) ?? null) : null)]));
  return rows.map((row) =>
    toMessageDto(row, row.contactId ? (contactById.get(row.contactId) ?? null) : null, row.quotedMsgId ? (quotedById.get(row.quotedMsgId) ?? null) : null),
  );
}

export async function loadMessage(db: Db, companyId: number, id: number): Promise<Message | undefined> {
  const [row] = await db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  if (!row) return undefined;
  const [message] = await loadMessages(db, companyId, [row]);
  return message;
}

export async function findMessageRow(db: Db, companyId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  return row;
}

/** The tickets of one conversation: the contact's tickets on the same connection (or without one, like the given ticket). */
function conversationTickets(companyId: number | Placeholder, conversation: { contactId: number | Placeholder; whatsappId: number | Placeholder | null }): SQL | undefined {
  return and(
    eq(tickets.companyId, companyId),
    eq(tickets.contactId, conversation.contactId),
    conversation.whatsappId === null ? sql`${tickets.whatsappId} is null` : eq(tickets.whatsappId, conversation.whatsappId),
  );
}

/**
 * A message of the company only if it belongs to the given conversation (any ticket of the same contact
 * on the same connection), with the ticket it is in: what a quote may point at.
 */
export async function findConversationMessage(
  db: Db,
  companyId: number,
  id: number,
  conversation: { contactId: number; whatsappId: number | null },
): Promise<{ message: MessageRow; ticket: { userId: number | null; queueId: number | null } } | undefined> {
  const [row] = await db
    .select({ message: messages, ticket: { userId: tickets.userId, queueId: tickets.queueId } })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id), conversationTickets(companyId, conversation)));
  return row;
}

export async function findMessageByWid(db: Db, companyId: number, connectionId: number, wid: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.whatsappId, connectionId), eq(messages.wid, wid)));
  return row;
}

export const MESSAGES_PAGE_SIZE = 20;

/** A conversation's messages newest first, each with its contact and the conversation's count. */
function conversationPageQuery(db: Db, where: SQL | undefined, companyId: number | Placeholder) {
  return db
    .select({ message: messages, contact: contactColumns, count: sql<number>`(select count(*)::int from ${messages} where ${where})` })
    .from(messages)
    .leftJoin(contacts, and(eq(contacts.id, messages.contactId), eq(contacts.companyId, companyId)))
    .where(where)
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .$dynamic();
}

/** conversationPageQuery of every ticket of the conversation, prepared: one statement for a connection, one for none. */
function preparedPage(withoutConnection: boolean) {
  return preparedPerDb((db) => {
    const companyId = sql.placeholder("companyId");
    const conversation = { contactId: sql.placeholder("contactId"), whatsappId: withoutConnection ? null : sql.placeholder("whatsappId") };
    const ticketIds = db.select({ id: tickets.id }).from(tickets).where(conversationTickets(companyId, conversation));
    const where = and(eq(messages.companyId, companyId), inArray(messages.ticketId, ticketIds));
    return conversationPageQuery(db, where, companyId)
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(withoutConnection ? "conversation_page_without_connection" : "conversation_page");
  });
}
const conversationPage = { onConnection: preparedPage(false), withoutConnection: preparedPage(true) };

/**
 * One page of a conversation, newest page first, across the tickets of the same contact and connection
 * (earlier tickets stay visible; the web app draws dividers where ticketId changes). `visible` is the
 * actor's ticket visibility (ticketAccessCondition): earlier tickets the actor may not open are left out
 * in the query itself, so pages and count stay right.
 */
export async function listConversationPage(
  db: Db,
  companyId: number,
  ticket: { contactId: number; whatsappId: number | null },
  pageNumber: number,
  visible?: SQL,
): Promise<{ rows: MessageRow[]; contacts: Map<number, Contact>; count: number; activities: TicketActivity[] }> {
  const ticketIds = db.select({ id: tickets.id }).from(tickets).where(and(conversationTickets(companyId, ticket), visible));
  const where = and(eq(messages.companyId, companyId), inArray(messages.ticketId, ticketIds));
  const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE;
  // One statement: the page with its messages' contacts and the conversation's count. One row more on
  // the newer side: the message just after the page closes its window of activities. Without a
  // visibility condition (an admin) the statement is prepared.
  const window = { limit: MESSAGES_PAGE_SIZE + (offset > 0 ? 1 : 0), offset: Math.max(0, offset - 1) };
  const read = visible
    ? await conversationPageQuery(db, where, companyId).limit(window.limit).offset(window.offset)
    : await conversationPage[ticket.whatsappId === null ? "withoutConnection" : "onConnection"](db).execute({ companyId, contactId: ticket.contactId, whatsappId: ticket.whatsappId, ...window });
  // A page past the end has no row to carry the count.
  const count = read[0]?.count ?? (offset > 0 ? ((await db.select({ count: sql<number>`count(*)::int` }).from(messages).where(where))[0]?.count ?? 0) : 0);
  const contactById = new Map(read.flatMap(({ contact }) => (contact ? [[contact.id, contact] as const] : [])));
  const newer = offset > 0 ? read[0]?.message : undefined;
  const rows = (offset > 0 ? read.slice(1) : read).map((r) => r.message);
  const oldest = rows.at(-1);
  // The activities between this page's oldest message and the next page's: the first page has no upper
  // bound, the last none below. A page past the end has none.
  const activities =
    rows.length === 0 && offset > 0
      ? []
      : await listTicketActivities(db, companyId, ticketIds, { from: offset + MESSAGES_PAGE_SIZE < count ? oldest?.createdAt : undefined, until: newer?.createdAt });
  return { rows: rows.reverse(), contacts: contactById, count, activities };
}
