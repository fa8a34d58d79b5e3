import { z } from "zod";
import { type JobQueue, defineJob } from "../../jobs/queue.ts";

/**
 * `schedules.send`: sends one schedule at its time. The payload carries the sendAt it was queued for:
 * a schedule moved or deleted since makes the job do nothing, so a stale job can never send.
 */
export const SEND_SCHEDULE_JOB = defineJob({
  name: "schedules.send",
  schema: z.object({
    companyId: z.number().int().positive(),
    scheduleId: z.number().int().positive(),
    /** The schedule's sendAt when this job was queued (ISO). */
    sendAt: z.iso.datetime({ offset: true }),
  }),
  retryLimit: 5,
  retryDelay: 5,
  backoff: true,
  retryDelayMax: 120,
});

export type SendSchedulePayload = z.output<typeof SEND_SCHEDULE_JOB.schema>;

/** Every job of one schedule carries this key, so that a moved or deleted schedule's jobs can be found. */
export function scheduleJobKey(scheduleId: number): string {
  return `schedule-${scheduleId}`;
}

/**
 * How long a schedule saved by a person waits at least before it is sent: the web app saves the schedule
 * first and uploads its attachment in a second call, and a schedule due now must not leave without it.
 */
export const ATTACHMENT_GRACE_MS = 5_000;

/**
 * Queues the send of a schedule for its sendAt (at once when that has passed). `saved`, when a person
 * has just saved it, holds the send back until `graceMs` (ATTACHMENT_GRACE_MS by default) after `at`.
 */
export async function queueScheduleSend(
  jobs: JobQueue,
  schedule: { id: number; companyId: number; sendAt: Date },
  saved?: { at: Date; graceMs?: number | undefined },
): Promise<void> {
  const earliest = saved ? new Date(saved.at.getTime() + (saved.graceMs ?? ATTACHMENT_GRACE_MS)) : schedule.sendAt;
  const startAfter = schedule.sendAt > earliest ? schedule.sendAt : earliest;
  await jobs.send(
    SEND_SCHEDULE_JOB,
    { companyId: schedule.companyId, scheduleId: schedule.id, sendAt: schedule.sendAt.toISOString() },
    { startAfter, singletonKey: scheduleJobKey(schedule.id) },
  );
}

/** Cancels the queued sends of a schedule (moved or deleted); a send already running sees the change and stops. */
export async function cancelScheduleSends(jobs: JobQueue, scheduleId: number): Promise<void> {
  await jobs.cancelByKey(SEND_SCHEDULE_JOB, scheduleJobKey(scheduleId));
}
