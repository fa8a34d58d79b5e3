import type { EngineDeps } from "../../engine/deps.ts";
import { SEND_SCHEDULE_JOB, queueScheduleSend } from "./schedules.jobs.ts";
import { listPendingSchedules } from "./schedules.repository.ts";
import { runSendScheduleJob } from "./schedules.sender.ts";

/**
 * Re-queues the send of every pending schedule that has no queued job for its current sendAt: a process
 * that stopped between saving a schedule and queueing its job loses nothing. One read of the queue serves
 * every schedule. A job that was running when the last process died is queued again too (it would
 * otherwise wait for the queue's expiry); duplicates are harmless, the send itself is exactly-once.
 */
async function requeueOrphanedSchedules(deps: EngineDeps): Promise<number> {
  const pending = await listPendingSchedules(deps.db);
  if (pending.length === 0) return 0;
  const covered = new Set<string>();
  for (const job of await deps.jobs.queued(SEND_SCHEDULE_JOB)) {
    const payload = SEND_SCHEDULE_JOB.schema.safeParse(job.data);
    if (payload.success) covered.add(`${payload.data.scheduleId}@${Date.parse(payload.data.sendAt)}`);
  }
  let requeued = 0;
  for (const schedule of pending) {
    if (covered.has(`${schedule.id}@${schedule.sendAt.getTime()}`)) continue;
    await queueScheduleSend(deps.jobs, schedule);
    requeued += 1;
  }
  return requeued;
}

/**
 * Recovers schedules whose job was lost, then registers the `schedules.send` worker; call after the job queue
 * started. In this order a queued send that is already due is still queued when the recovery looks for it,
 * rather than taken by this process's worker in between and queued a second time.
 */
export async function startScheduleWorkers(deps: EngineDeps): Promise<void> {
  const requeued = await requeueOrphanedSchedules(deps);
  if (requeued > 0) deps.log.warn({ requeued }, "schedules without a queued send were queued again");
  await deps.jobs.work(SEND_SCHEDULE_JOB, (payload, job) => runSendScheduleJob(deps, payload, job), { batchSize: 5, pollingIntervalSeconds: 1 });
}
