import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Queue } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { queues } from "../../db/schema/index.ts";

/** The company's queues in their configured order (unordered ones last), then by name. */
export async function listQueueRows(db: Db, companyId: number): Promise<Queue[]> {
  return db
    .select({
      id: queues.id,
      name: queues.name,
      color: queues.color,
      orderQueue: queues.orderQueue,
      greetingMessage: queues.greetingMessage,
      outOfHoursMessage: queues.outOfHoursMessage,
    })
    .from(queues)
    .where(eq(queues.companyId, companyId))
    .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id));
}

/** Which of `ids` are queues of the company. */
export async function findCompanyQueueIds(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, [...ids])));
  return rows.map((row) => row.id);
}
