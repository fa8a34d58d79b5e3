import type { EngineDeps } from "../../engine/deps.ts";
import { SEND_SCHEDULE_JOB, queueScheduleSend, scheduleJobKey } from "./schedules.jobs.ts";
import { listPendingSchedules } from "./schedules.repository.ts";
import { runSendScheduleJob } from "./schedules.sender.ts";

/**
 * Re-queues the send of every pending schedule that has no job for its current sendAt: a process that
 * stopped between saving a schedule and queueing its job loses nothing. Duplicates are harmless, the
 * send itself is exactly-once.
 */
async function requeueOrphanedSchedules(deps: EngineDeps): Promise<number> {
  let requeued = 0;
  for (const schedule of await listPendingSchedules(deps.db)) {
    const jobs = await deps.jobs.unfinishedByKey(SEND_SCHEDULE_JOB, scheduleJobKey(schedule.id));
    const covered = jobs.some((job) => {
      const payload = SEND_SCHEDULE_JOB.schema.safeParse(job.data);
      return payload.success && Date.parse(payload.data.sendAt) === schedule.sendAt.getTime();
    });
    if (covered) continue;
    await queueScheduleSend(deps.jobs, schedule);
    requeued += 1;
  }
  return requeued;
}

/** Registers the `schedules.send` worker and recovers schedules whose job was lost; call after the job queue started. */
export async function startScheduleWorkers(deps: EngineDeps): Promise<void> {
  await deps.jobs.work(SEND_SCHEDULE_JOB, (payload, job) => runSendScheduleJob(deps, payload, job), { batchSize: 5, pollingIntervalSeconds: 1 });
  const requeued = await requeueOrphanedSchedules(deps);
  if (requeued > 0) deps.log.warn({ requeued }, "schedules without a queued send were queued again");
}
