import { type SQL, type SQLWrapper, and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { TICKET_ACTIVITY_KINDS, type TicketActivity } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { queues, ticketEvents, users } from "../../db/schema/index.ts";

export type TicketActivityKind = TicketActivity["kind"];

export interface TicketActivityInput {
  companyId: number;
  ticketId: number;
  kind: TicketActivityKind;
  userId: number | null;
  toQueueId?: number | null;
  toUserId?: number | null;
  at: Date;
}

/** Records an activity of a ticket; pass the transaction of the change it describes. Returns its id. */
export async function recordTicketActivity(db: Db, input: TicketActivityInput): Promise<number> {
  const [row] = await db
    .insert(ticketEvents)
    .values({ companyId: input.companyId, ticketId: input.ticketId, kind: input.kind, userId: input.userId, toQueueId: input.toQueueId ?? null, toUserId: input.toUserId ?? null, createdAt: input.at })
    .returning({ id: ticketEvents.id });
  if (!row) throw new Error("ticket activity not recorded");
  return row.id;
}

const toUsers = alias(users, "to_users");
const isKind = (kind: string): kind is TicketActivityKind => (TICKET_ACTIVITY_KINDS as readonly string[]).includes(kind);

/** Activities of the company matching `where`, oldest first, with the names they mention. */
async function selectActivities(db: Db, companyId: number, where: SQL | undefined): Promise<TicketActivity[]> {
  const rows = await db
    .select({
      id: ticketEvents.id,
      ticketId: ticketEvents.ticketId,
      kind: ticketEvents.kind,
      userId: users.id,
      userName: users.name,
      toQueueId: queues.id,
      toQueueName: queues.name,
      toUserId: toUsers.id,
      toUserName: toUsers.name,
      createdAt: ticketEvents.createdAt,
    })
    .from(ticketEvents)
    .leftJoin(users, eq(users.id, ticketEvents.userId))
    .leftJoin(queues, eq(queues.id, ticketEvents.toQueueId))
    .leftJoin(toUsers, eq(toUsers.id, ticketEvents.toUserId))
    .where(and(eq(ticketEvents.companyId, companyId), where))
    .orderBy(asc(ticketEvents.createdAt), asc(ticketEvents.id));
  return rows.flatMap((row) =>
    isKind(row.kind)
      ? [
          {
            id: row.id,
            ticketId: row.ticketId,
            kind: row.kind,
            user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
            toQueue: row.toQueueId !== null && row.toQueueName !== null ? { id: row.toQueueId, name: row.toQueueName } : null,
            toUser: row.toUserId !== null && row.toUserName !== null ? { id: row.toUserId, name: row.toUserName } : null,
            createdAt: row.createdAt.toISOString(),
          },
        ]
      : [],
  );
}

export async function loadTicketActivity(db: Db, companyId: number, id: number): Promise<TicketActivity | undefined> {
  const [activity] = await selectActivities(db, companyId, eq(ticketEvents.id, id));
  return activity;
}

/**
 * The activities of the given tickets (a subquery that already holds the visibility rule) in a time
 * window: from `from` (inclusive) up to `until` (exclusive); either bound may be open.
 */
export function listTicketActivities(db: Db, companyId: number, ticketIds: SQLWrapper, window: { from?: Date; until?: Date }): Promise<TicketActivity[]> {
  return selectActivities(
    db,
    companyId,
    and(
      inArray(ticketEvents.ticketId, ticketIds),
      window.from ? gte(ticketEvents.createdAt, window.from) : undefined,
      window.until ? lt(ticketEvents.createdAt, window.until) : undefined,
    ),
  );
}
