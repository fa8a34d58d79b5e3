import type { EngineDeps } from "../../engine/deps.ts";
import { nowOf } from "../../engine/deps.ts";
import { activeTicket } from "../../engine/inbound.ts";
import { queueOutboundMessage } from "../../engine/outbound.ts";
import { CLOUD_PROVIDER } from "../../channels/cloud/cloud-connections.ts";
import { AppError } from "../../lib/app-error.ts";
import type { StoredMedia } from "../../media/media-store.ts";
import { companyPlanAllows } from "../companies/index.ts";
import { SEND_SCHEDULE_JOB, type SendSchedulePayload } from "./schedules.jobs.ts";
import { accessFactsOf, contextOfUser } from "../tickets/index.ts";
import { isScheduleDue, sendTicketOf } from "./schedules.policy.ts";
import {
  type ScheduleRow,
  findContactIsGroup,
  findDefaultConnection,
  findScheduleRow,
  listActiveTickets,
  loadSchedule,
  markScheduleFailed,
  markScheduleSent,
} from "./schedules.repository.ts";

/** A reason a schedule can never be sent as it is (retrying would not help). */
class ScheduleNotSendable extends Error {}

/** The schedule changed between reading it and storing its message: read it again. */
class ScheduleChanged extends Error {}

/** Reads of a schedule that keeps changing under the sender before it gives up until the job's next try. */
const MAX_READS = 3;

/**
 * The ticket the schedule goes through: the contact's open or pending one that the scheduling user may
 * still open (sendTicketOf), else, when the contact has none, a new one on the default connection. When
 * every active ticket is one she may not open (another queue's), the schedule is not sendable: it is never
 * written into that conversation, nor is that ticket given to her.
 */
async function ticketFor(deps: EngineDeps, schedule: ScheduleRow): Promise<number> {
  const defaultConnection = await findDefaultConnection(deps.db, schedule.companyId);
  const defaultConnectionId = defaultConnection?.id;
  const active = await listActiveTickets(deps.db, schedule.companyId, schedule.contactId, defaultConnectionId);
  const scheduler = schedule.userId === null ? undefined : await contextOfUser(deps.db, schedule.companyId, schedule.userId);
  const facts = scheduler ? await accessFactsOf(deps.db, scheduler) : { queueIds: [], allTicket: "desabled" };
  const existing = sendTicketOf(scheduler, active, facts);
  if (existing === "refused") throw new ScheduleNotSendable("The contact's conversation is in a ticket the scheduling user may no longer open");
  if (existing !== "none") return existing.id;
  if (defaultConnectionId === undefined) throw new ScheduleNotSendable("ERR_NO_DEF_WAPP_FOUND");
  // A new ticket on the official line has no customer message yet, so no open window: nothing is created.
  if (defaultConnection?.provider === CLOUD_PROVIDER) throw new ScheduleNotSendable("ERR_CLOUD_WINDOW_CLOSED");
  const isGroup = await findContactIsGroup(deps.db, schedule.companyId, schedule.contactId);
  if (isGroup === undefined) throw new ScheduleNotSendable("ERR_NO_CONTACT_FOUND");
  const { ticket } = await activeTicket(deps.db, schedule.companyId, schedule.contactId, defaultConnectionId, isGroup, nowOf(deps));
  return ticket.id;
}

async function attachmentOf(deps: EngineDeps, schedule: ScheduleRow): Promise<StoredMedia | undefined> {
  if (!schedule.mediaPath) return undefined;
  const file = await deps.media.resolve(schedule.companyId, schedule.mediaPath);
  if (!file) throw new ScheduleNotSendable("The attachment file is missing");
  return { fileName: schedule.mediaPath, mime: file.mime, kind: "image", size: file.size, originalName: schedule.mediaName ?? schedule.mediaPath };
}

/**
 * Posts the schedule's body (and attachment) to its contact's conversation through the engine's outbound
 * path, marking it sent in the same transaction: the message exists exactly when the schedule is sent.
 * Throws ScheduleChanged when it was edited, moved, sent or deleted meanwhile.
 */
async function deliver(deps: EngineDeps, schedule: ScheduleRow): Promise<void> {
  const ticketId = await ticketFor(deps, schedule);
  const media = await attachmentOf(deps, schedule);
  const now = nowOf(deps);
  await queueOutboundMessage(
    deps,
    { companyId: schedule.companyId, ticketId, body: schedule.body, userId: schedule.userId, ...(media ? { media } : {}) },
    {
      inTransaction: async (tx) => {
        if (!(await markScheduleSent(tx, schedule, ticketId, now))) throw new ScheduleChanged();
      },
      // On the official line a schedule is free text: outside the 24-hour window it fails (below).
      outsideWindow: "refuse",
    },
  );
}

/**
 * Announces a schedule the sender changed. A company whose plan has lost useSchedules is not told: the
 * schedules it made before are still sent (they were promised to its customers) but no longer shown.
 */
async function publishSchedule(deps: EngineDeps, companyId: number, scheduleId: number): Promise<void> {
  if (!(await companyPlanAllows(deps.db, companyId, "useSchedules"))) return;
  const record = await loadSchedule(deps.db, companyId, scheduleId);
  if (record) deps.events.publish("record.changed", { companyId, channel: "schedule", action: "update", record });
}

async function fail(deps: EngineDeps, schedule: ScheduleRow, reason: string): Promise<void> {
  deps.log.warn({ scheduleId: schedule.id, companyId: schedule.companyId, reason }, "schedule could not be sent");
  if (await markScheduleFailed(deps.db, schedule.companyId, schedule.id, schedule.sendAt, nowOf(deps))) await publishSchedule(deps, schedule.companyId, schedule.id);
}

/**
 * The `schedules.send` job: sends a schedule once, at the time it was queued for. A schedule deleted,
 * moved, already sent or failed is left alone. A failure is retried by the queue and marks the schedule
 * ERRO after the last try; a schedule that can never be sent (no default connection, attachment gone, the
 * contact's conversation in a ticket its author may no longer open, or on the official line outside the
 * customer's 24-hour window, ERR_CLOUD_WINDOW_CLOSED: a schedule is free text, never a template) is marked ERRO at once.
 */
export async function runSendScheduleJob(deps: EngineDeps, payload: SendSchedulePayload, job: { retryCount: number }): Promise<void> {
  for (let read = 0; read < MAX_READS; read++) {
    const schedule = await findScheduleRow(deps.db, payload.companyId, payload.scheduleId);
    if (!schedule || !isScheduleDue(schedule, payload.sendAt)) return;
    try {
      await deliver(deps, schedule);
      await publishSchedule(deps, schedule.companyId, schedule.id);
      return;
    } catch (error) {
      if (error instanceof ScheduleChanged) continue;
      if (error instanceof ScheduleNotSendable) return fail(deps, schedule, error.message);
      if (error instanceof AppError && error.code === "ERR_CLOUD_WINDOW_CLOSED") return fail(deps, schedule, error.code);
      const reason = error instanceof Error ? error.message : String(error);
      if (job.retryCount >= (SEND_SCHEDULE_JOB.retryLimit ?? 0)) return fail(deps, schedule, reason);
      throw error;
    }
  }
  throw new Error(`schedule ${payload.scheduleId} kept changing while being sent`);
}
