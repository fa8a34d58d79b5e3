import { and, asc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { QueueMetrics } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { queueConfigs, queues, tickets } from "../../db/schema/index.ts";
import { type LogTextAccess, listAgentsByQueue, listLogRows } from "./distribution.repository.ts";

/** How many of a queue's latest decisions GET /queue/{id}/metrics shows. */
export const METRICS_LAST_LOGS = 10;

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The figures of the company's queues (or one), in four queries whatever the number of tickets:
 * active tickets by queue (open, pending, waiting, late against the SLA target), the waits of the
 * tickets created in the last `days` and accepted, the agents, and the queues with their targets.
 * Every query is served by an index on (company, queue, …) or (company, status, …).
 */
export async function queueMetricsOf(db: Db, companyId: number, days: number, now: Date, queueId?: number): Promise<QueueMetrics[]> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const byQueue = queueId === undefined ? undefined : eq(tickets.queueId, queueId);
  const sla = sql`${queueConfigs.slaMinutesTarget} * interval '1 minute'`;
  const [queueRows, active, waits, agents] = await Promise.all([
    db
      .select({ id: queues.id, sla: queueConfigs.slaMinutesTarget })
      .from(queues)
      .leftJoin(queueConfigs, eq(queueConfigs.queueId, queues.id))
      .where(and(eq(queues.companyId, companyId), queueId === undefined ? undefined : eq(queues.id, queueId)))
      .orderBy(sql`${queues.orderQueue} asc nulls last`, asc(queues.name), asc(queues.id)),
    db
      .select({
        queueId: tickets.queueId,
        open: sql<number>`count(*) filter (where ${tickets.status} = 'open')::int`,
        pending: sql<number>`count(*) filter (where ${tickets.status} = 'pending')::int`,
        waiting: sql<number>`count(*) filter (where ${tickets.status} = 'pending' and ${tickets.userId} is null)::int`,
        late: sql<number>`count(*) filter (where ${tickets.status} = 'pending' and ${queueConfigs.slaMinutesTarget} is not null and ${tickets.createdAt} < ${now.toISOString()}::timestamptz - ${sla})::int`,
      })
      .from(tickets)
      .leftJoin(queueConfigs, eq(queueConfigs.queueId, tickets.queueId))
      .where(and(eq(tickets.companyId, companyId), inArray(tickets.status, ["open", "pending"]), isNotNull(tickets.queueId), byQueue))
      .groupBy(tickets.queueId),
    db
      .select({
        queueId: tickets.queueId,
        avgWait: sql<number | null>`avg(extract(epoch from (${tickets.acceptedAt} - ${tickets.createdAt})) / 60)::float8`,
        accepted: sql<number>`count(*)::int`,
        withinSla: sql<number>`count(*) filter (where ${queueConfigs.slaMinutesTarget} is not null and ${tickets.acceptedAt} - ${tickets.createdAt} <= ${sla})::int`,
      })
      .from(tickets)
      .leftJoin(queueConfigs, eq(queueConfigs.queueId, tickets.queueId))
      .where(and(eq(tickets.companyId, companyId), gte(tickets.createdAt, since), isNotNull(tickets.acceptedAt), isNotNull(tickets.queueId), byQueue))
      .groupBy(tickets.queueId),
    listAgentsByQueue(db, companyId, queueId),
  ]);
  const activeBy = new Map(active.map((row) => [row.queueId, row]));
  const waitsBy = new Map(waits.map((row) => [row.queueId, row]));
  return queueRows.map((queue) => {
    const counts = activeBy.get(queue.id);
    const wait = waitsBy.get(queue.id);
    const queueAgents = agents.get(queue.id) ?? [];
    const accepted = Number(wait?.accepted ?? 0);
    return {
      queueId: queue.id,
      openCount: Number(counts?.open ?? 0),
      pendingCount: Number(counts?.pending ?? 0),
      waitingCount: Number(counts?.waiting ?? 0),
      lateCount: Number(counts?.late ?? 0),
      onlineAgents: queueAgents.filter((agent) => agent.online).length,
      totalAgents: queueAgents.length,
      avgWaitMinutes: round1(wait?.avgWait === null || wait?.avgWait === undefined ? null : Number(wait.avgWait)),
      slaMinutesTarget: queue.sla ?? null,
      withinSlaPercent: queue.sla !== null && accepted > 0 ? round1((Number(wait?.withinSla ?? 0) * 100) / accepted) : null,
      agents: queueAgents,
      lastLogs: [],
    };
  });
}

/** One queue's figures with its latest decisions (their customer texts as `access` allows). */
export async function oneQueueMetrics(db: Db, companyId: number, queueId: number, days: number, now: Date, access: LogTextAccess): Promise<QueueMetrics | undefined> {
  const [metrics] = await queueMetricsOf(db, companyId, days, now, queueId);
  if (!metrics) return undefined;
  return { ...metrics, lastLogs: await listLogRows(db, companyId, { toQueueId: queueId, limit: METRICS_LAST_LOGS }, access) };
}
