import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type JobQueue, defineJob } from "../../jobs/queue.ts";
import type { Logger } from "pino";
import { pruneAuditLogs } from "./audit.service.ts";

/**
 * The daily removal of audit entries past the installation's retention (`auditRetentionDays`). Each run
 * queues the next day's; the key (the day) keeps two processes from queuing two chains. Safe to run twice.
 */
export const AUDIT_RETENTION_JOB = defineJob({
  name: "audit.retention",
  schema: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  retryLimit: 5,
  retryDelay: 60,
  backoff: true,
  retryDelayMax: 3600,
});

/** The hour (UTC) of the daily run: 04:30, a quiet hour in Brazil. */
const RUN_AT_MINUTES_UTC = 4 * 60 + 30;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface AuditJobDeps {
  db: Db;
  /** The installation's retention in days (its setting `auditRetentionDays`, read by the composition root's function). */
  retentionDays: (db: Db) => Promise<number>;
  logger?: Pick<Logger, "info">;
  now?: () => Date;
}

/** Removes the entries older than the retention period; answers how many went. */
export async function runAuditRetention(deps: AuditJobDeps): Promise<number> {
  const days = await deps.retentionDays(deps.db);
  const removed = await pruneAuditLogs(deps.db, days, deps.now?.() ?? new Date());
  if (removed > 0) deps.logger?.info({ removed, days }, "audit log entries past their retention removed");
  return removed;
}

function nextRun(day: string): { day: string; at: Date } {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { day: dayOf(next), at: new Date(next.getTime() + RUN_AT_MINUTES_UTC * 60_000) };
}

export async function startAuditWorkers(deps: AuditJobDeps & { jobs: JobQueue }): Promise<void> {
  await deps.jobs.work(AUDIT_RETENTION_JOB, async ({ day }) => {
    await runAuditRetention(deps);
    const next = nextRun(day);
    await deps.jobs.send(AUDIT_RETENTION_JOB, { day: next.day }, { startAfter: next.at, singletonKey: `audit.retention:${next.day}` });
  });
  const today = dayOf(deps.now?.() ?? new Date());
  await deps.jobs.send(AUDIT_RETENTION_JOB, { day: today }, { singletonKey: `audit.retention:${today}` });
}
