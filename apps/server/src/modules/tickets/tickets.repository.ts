import { and, eq, inArray, sql } from "drizzle-orm";
import { type OtherOpenTicketDetails, type Ticket, ZTicketStatus, cloudWindowAt } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { preparedPerDb } from "../../db/prepared.ts";
import { connections, contacts, queueConfigs, queues, tags, ticketTags, tickets, users } from "../../db/schema/index.ts";

export type TicketRow = typeof tickets.$inferSelect;
type TicketTag = Ticket["tags"][number];

/** The tickets of a company by id with their contact, user, queue, connection, SLA target and tags: one prepared statement. */
const ticketsByIds = preparedPerDb((db) =>
  db
    .select({
      ticket: tickets,
      contact: { id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email, profilePicUrl: contacts.profilePicUrl, isGroup: contacts.isGroup },
      userName: users.name,
      queueName: queues.name,
      queueColor: queues.color,
      connectionName: connections.name,
      connectionProvider: connections.provider,
      slaMinutes: queueConfigs.slaMinutesTarget,
      tags: sql<TicketTag[]>`coalesce((select json_agg(json_build_object('id', ${tags.id}, 'name', ${tags.name}, 'color', ${tags.color}) order by ${tags.id})
        from ${ticketTags} inner join ${tags} on ${tags.id} = ${ticketTags.tagId}
        where ${ticketTags.companyId} = ${tickets.companyId} and ${ticketTags.ticketId} = ${tickets.id}), '[]')`,
    })
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
 * Loads tickets of one company with contact, user, queue, connection and tags (in one statement), in the
 * wire shape; an official-line ticket carries its 24-hour window as of `now`.
 */
export async function loadTickets(db: Db, companyId: number, ids: number[], now = new Date()): Promise<Ticket[]> {
  if (ids.length === 0) return [];
  const rows = await ticketsByIds(db).execute({ companyId, ids });
  const byId = new Map(
    rows.map(({ ticket: t, contact, userName, queueName, queueColor, connectionName, connectionProvider, slaMinutes, tags: ticketTagList }) => [
      t.id,
      {
        id: t.id,
        uuid: t.uuid,
        number: t.number,
        status: ZTicketStatus.catch("pending").parse(t.status),
        contactId: t.contactId,
        contact,
        userId: t.userId,
        user: t.userId !== null && userName !== null ? { id: t.userId, name: userName } : null,
        queueId: t.queueId,
        queue: t.queueId !== null && queueName !== null ? { id: t.queueId, name: queueName, color: queueColor ?? "" } : null,
        whatsappId: t.whatsappId,
        whatsapp: t.whatsappId !== null && connectionName !== null ? { id: t.whatsappId, name: connectionName } : null,
        tags: ticketTagList,
        isGroup: t.isGroup,
        chatbot: t.chatbot,
        useIntegration: t.useIntegration,
        integrationId: t.integrationId,
        promptId: t.promptId,
        botSummary: t.botSummary,
        awaitingRating: t.awaitingRating,
        origin: t.origin === "campaign" ? "campaign" : "inbox",
        lastMessage: t.lastMessage,
        unreadMessages: t.unreadMessages,
        createdAt: t.createdAt.toISOString(),
        updatedAt: t.updatedAt.toISOString(),
        slaDueAt: t.status === "pending" && slaMinutes !== null ? new Date(t.createdAt.getTime() + slaMinutes * 60_000).toISOString() : null,
        cloudWindow: connectionProvider === "cloud" ? cloudWindowAt(t.lastCustomerMessageAt, now) : null,
      } satisfies Ticket,
    ]),
  );
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
