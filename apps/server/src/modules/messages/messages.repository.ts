import { type Placeholder, type SQL, and, eq, inArray, sql } from "drizzle-orm";
import { type Message, ZSendStatus } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { contacts, messages, tickets } from "../../db/schema/index.ts";

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
