import { SCHEDULE_PAST_GRACE_MS } from "@conversa/shared";

/** A schedule can be changed, re-timed or deleted only until it was sent. */
export function canChangeSchedule(schedule: { sentAt: Date | null }): boolean {
  return schedule.sentAt === null;
}

/** A sendAt is accepted unless it lies further in the past than the grace for clock skew and form time. */
export function isSendAtAcceptable(sendAt: Date, now: Date): boolean {
  return sendAt.getTime() >= now.getTime() - SCHEDULE_PAST_GRACE_MS;
}

/**
 * Whether a send job queued for `queuedSendAt` should send this schedule now: it still exists, was
 * neither sent nor failed, and was not moved to another time since the job was queued.
 */
export function isScheduleDue(schedule: { sentAt: Date | null; status: string; sendAt: Date } | undefined, queuedSendAt: string): boolean {
  return schedule !== undefined && schedule.sentAt === null && schedule.status === "PENDENTE" && schedule.sendAt.getTime() === Date.parse(queuedSendAt);
}
