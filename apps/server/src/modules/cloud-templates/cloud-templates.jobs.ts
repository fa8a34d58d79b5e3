import { z } from "zod";
import { CLOUD_PROVIDER } from "../../channels/cloud/cloud-connections.ts";
import { type JobQueue, defineJob } from "../../jobs/queue.ts";
import { listCloudConnections } from "./cloud-templates.repository.ts";
import { type CloudTemplatesDeps, syncCloudTemplates } from "./cloud-templates.service.ts";

/**
 * The daily refresh of every official-line connection's templates. Each run queues the next day's; the
 * key (the day) keeps two processes from queuing two chains. A connection that fails (a revoked token) is
 * logged and skipped: the others are still refreshed, and the next day tries it again.
 */
export const CLOUD_TEMPLATES_SYNC_JOB = defineJob({
  name: "cloud-templates.sync",
  schema: z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  retryLimit: 5,
  retryDelay: 60,
  backoff: true,
  retryDelayMax: 3600,
});

/** The hour (UTC) of the daily run: 05:00, a quiet hour in Brazil. */
const RUN_AT_MINUTES_UTC = 5 * 60;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export interface CloudTemplatesJobDeps extends CloudTemplatesDeps {
  jobs: JobQueue;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Refreshes the templates of every official-line connection; answers how many connections were refreshed. */
export async function refreshAllCloudTemplates(deps: Omit<CloudTemplatesJobDeps, "jobs">): Promise<number> {
  let refreshed = 0;
  for (const { companyId, connectionId } of await listCloudConnections(deps.db, CLOUD_PROVIDER)) {
    try {
      await syncCloudTemplates(deps, companyId, connectionId);
      refreshed += 1;
    } catch (error) {
      deps.log.warn({ err: error, companyId, connectionId }, "official line: daily template refresh failed");
    }
  }
  return refreshed;
}

function nextRun(day: string): { day: string; at: Date } {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { day: dayOf(next), at: new Date(next.getTime() + RUN_AT_MINUTES_UTC * 60_000) };
}

export async function startCloudTemplatesWorkers(deps: CloudTemplatesJobDeps): Promise<void> {
  await deps.jobs.work(CLOUD_TEMPLATES_SYNC_JOB, async ({ day }) => {
    await refreshAllCloudTemplates(deps);
    const next = nextRun(day);
    await deps.jobs.send(CLOUD_TEMPLATES_SYNC_JOB, { day: next.day }, { startAfter: next.at, singletonKey: `cloud-templates.sync:${next.day}` });
  });
  const today = dayOf(deps.now?.() ?? new Date());
  await deps.jobs.send(CLOUD_TEMPLATES_SYNC_JOB, { day: today }, { singletonKey: `cloud-templates.sync:${today}` });
}
