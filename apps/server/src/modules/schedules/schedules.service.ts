import { type ListSchedulesQuery, type ListSchedulesResponse, SCHEDULE_MEDIA_MIMES, SCHEDULES_LIST_PAGE_SIZE, SCHEDULES_PAGE_SIZE, type Schedule, type ScheduleBody } from "@conversa/shared";
import { type EngineDeps, nowOf } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertBodyMediaPath } from "../../lib/body-media-path.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { UploadedFile } from "../../media/uploads.ts";
import { cancelScheduleSends, queueScheduleSend } from "./schedules.jobs.ts";
import { accessFactsOf, ticketAccessCondition } from "../tickets/index.ts";
import { canChangeSchedule, canManageSchedule, canReachContact, isSendAtAcceptable } from "./schedules.policy.ts";
import {
  type ScheduleRow,
  companyUserExists,
  contactExists,
  listContactTickets,
  visibleSchedulesCondition,
  deleteUnsentSchedule,
  findScheduleRow,
  insertSchedule,
  listScheduleRows,
  loadSchedule,
  updateUnsentSchedule,
} from "./schedules.repository.ts";

export type SchedulesDeps = Pick<EngineDeps, "db" | "events" | "jobs" | "media" | "now"> & {
  /** How long a schedule just saved waits at least for its attachment; ATTACHMENT_GRACE_MS when unset. */
  attachmentGraceMs?: number;
};

const notFound = () => new AppError("ERR_NO_SCHEDULE_FOUND");
const noPermission = () => new AppError("ERR_NO_PERMISSION");
const alreadySent = () => new AppError("ERR_SCHEDULE_ALREADY_SENT");

/** Whether the actor may reach the contact (canReachContact). */
async function mayReachContact(deps: SchedulesDeps, ctx: RequestContext, contactId: number): Promise<boolean> {
  if (ctx.profile === "admin") return true;
  const [tickets, facts] = await Promise.all([listContactTickets(deps.db, ctx.companyId, contactId), accessFactsOf(deps.db, ctx)]);
  return canReachContact(ctx, tickets, facts);
}

/** The company's schedule, if the actor may see and manage it (canManageSchedule). Throws ERR_NO_SCHEDULE_FOUND, ERR_NO_PERMISSION. */
async function findManageableSchedule(deps: SchedulesDeps, ctx: RequestContext, id: number): Promise<ScheduleRow> {
  const row = await findScheduleRow(deps.db, ctx.companyId, id);
  if (!row) throw notFound();
  const ownOrAdmin = canManageSchedule(ctx, row, false);
  if (!ownOrAdmin && !canManageSchedule(ctx, row, await mayReachContact(deps, ctx, row.contactId))) throw noPermission();
  return row;
}

/** The company's schedule, still unsent, that the actor may manage. Throws ERR_NO_SCHEDULE_FOUND, ERR_NO_PERMISSION, ERR_SCHEDULE_ALREADY_SENT. */
async function findChangeableSchedule(deps: SchedulesDeps, ctx: RequestContext, id: number): Promise<ScheduleRow> {
  const row = await findManageableSchedule(deps, ctx, id);
  if (!canChangeSchedule(row)) throw alreadySent();
  return row;
}

/** After a conditional write found nothing: the schedule was deleted or sent meanwhile. */
async function lostRace(deps: SchedulesDeps, ctx: RequestContext, id: number): Promise<AppError> {
  return (await findScheduleRow(deps.db, ctx.companyId, id)) ? alreadySent() : notFound();
}

/** The body's contact must be the company's and one the actor may reach (canReachContact). */
async function validateBody(deps: SchedulesDeps, ctx: RequestContext, body: ScheduleBody): Promise<Date> {
  if (!(await contactExists(deps.db, ctx.companyId, body.contactId))) throw new AppError("ERR_NO_CONTACT_FOUND");
  if (!(await mayReachContact(deps, ctx, body.contactId))) throw noPermission();
  const sendAt = new Date(body.sendAt);
  if (!isSendAtAcceptable(sendAt, nowOf(deps))) throw new AppError("ERR_SCHEDULE_IN_PAST");
  return sendAt;
}

/**
 * The owner a body names (`userId`), checked: an admin may name any user of the company
 * (ERR_NO_USER_FOUND otherwise), anyone else only themselves (ERR_USER_MISMATCH). Undefined when the
 * body names none.
 */
async function namedOwner(deps: SchedulesDeps, ctx: RequestContext, userId: number | null | undefined): Promise<number | undefined> {
  if (userId === undefined || userId === null || userId === ctx.userId) return userId ?? undefined;
  if (ctx.profile !== "admin") throw new AppError("ERR_USER_MISMATCH");
  if (!(await companyUserExists(deps.db, ctx.companyId, userId))) throw new AppError("ERR_NO_USER_FOUND");
  return userId;
}

async function publish(deps: SchedulesDeps, ctx: RequestContext, action: "create" | "update", id: number): Promise<Schedule> {
  const record = await loadSchedule(deps.db, ctx.companyId, id);
  if (!record) throw notFound();
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "schedule", action, record });
  return record;
}

/**
 * The schedules due in the calendar's range (or, without a range, all of them, latest first, as the
 * previous generation's list page asks) that the actor may see (canManageSchedule: an admin all of the
 * company's, a user her own and those of contacts she may reach), a page at a time, filtered in the query.
 * The plan flag useSchedules is checked by the routes' plan gate (plugins/plan-gate.ts).
 */
export async function listSchedules(deps: SchedulesDeps, ctx: RequestContext, query: ListSchedulesQuery): Promise<ListSchedulesResponse> {
  const visible = ctx.profile === "admin" ? undefined : visibleSchedulesCondition(ctx.companyId, ctx.userId, ticketAccessCondition(ctx, await accessFactsOf(deps.db, ctx)));
  const pageSize = query.start === undefined ? SCHEDULES_LIST_PAGE_SIZE : SCHEDULES_PAGE_SIZE;
  const page = await listScheduleRows(deps.db, ctx.companyId, query, pageSize, visible);
  return { ...page, hasMore: query.pageNumber * pageSize < page.count };
}

/** One schedule the actor may see (canManageSchedule). Throws ERR_NO_SCHEDULE_FOUND, ERR_NO_PERMISSION. */
export async function getSchedule(deps: SchedulesDeps, ctx: RequestContext, id: number): Promise<Schedule> {
  await findManageableSchedule(deps, ctx, id);
  const schedule = await loadSchedule(deps.db, ctx.companyId, id);
  if (!schedule) throw notFound();
  return schedule;
}

/**
 * Saves a schedule by the acting user (or, for an admin, the user of the company the body names) for a
 * contact she may reach, and queues its send for sendAt. Throws ERR_NO_CONTACT_FOUND, ERR_SCHEDULE_IN_PAST,
 * ERR_NO_PERMISSION (a contact she may not reach), ERR_USER_MISMATCH, ERR_NO_USER_FOUND, ERR_MEDIA_PATH_REFUSED.
 */
export async function createSchedule(deps: SchedulesDeps, ctx: RequestContext, body: ScheduleBody): Promise<Schedule> {
  const owner = (await namedOwner(deps, ctx, body.userId)) ?? ctx.userId;
  assertBodyMediaPath(body.mediaPath, null);
  const sendAt = await validateBody(deps, ctx, body);
  const row = await insertSchedule(deps.db, { companyId: ctx.companyId, userId: owner, body: body.body, sendAt, contactId: body.contactId, now: nowOf(deps) });
  try {
    await queueScheduleSend(deps.jobs, row, { at: nowOf(deps), graceMs: deps.attachmentGraceMs });
  } catch (error) {
    // A schedule that cannot be queued must not stay behind looking scheduled.
    await deleteUnsentSchedule(deps.db, ctx.companyId, row.id);
    throw error;
  }
  return publish(deps, ctx, "create", row.id);
}

/**
 * Changes an unsent schedule the actor may manage; its contact must be one she may reach. Its send moves to
 * the new sendAt (a failed one is pending again). An admin may hand it to another user of the company (`userId`).
 * Throws ERR_NO_SCHEDULE_FOUND, ERR_SCHEDULE_ALREADY_SENT, ERR_NO_CONTACT_FOUND, ERR_SCHEDULE_IN_PAST, ERR_NO_PERMISSION,
 * ERR_USER_MISMATCH, ERR_NO_USER_FOUND, ERR_MEDIA_PATH_REFUSED, ERR_VALIDATION (an id other than the path's).
 */
export async function updateSchedule(deps: SchedulesDeps, ctx: RequestContext, id: number, body: ScheduleBody): Promise<Schedule> {
  if (body.id !== undefined && body.id !== id) throw new AppError("ERR_VALIDATION", undefined, "The body's id is not the path's");
  const current = await findChangeableSchedule(deps, ctx, id);
  // Only an admin hands a schedule to another user; anyone else's own id changes nothing.
  const named = await namedOwner(deps, ctx, body.userId);
  const owner = ctx.profile === "admin" ? named : undefined;
  assertBodyMediaPath(body.mediaPath, current.mediaPath);
  const sendAt = await validateBody(deps, ctx, body);
  const row = await updateUnsentSchedule(deps.db, ctx.companyId, id, {
    body: body.body,
    sendAt,
    contactId: body.contactId,
    status: "PENDENTE",
    updatedAt: nowOf(deps),
    ...(owner === undefined ? {} : { userId: owner }),
  });
  if (!row) throw await lostRace(deps, ctx, id);
  await cancelScheduleSends(deps.jobs, id);
  await queueScheduleSend(deps.jobs, row, { at: nowOf(deps), graceMs: deps.attachmentGraceMs });
  return publish(deps, ctx, "update", id);
}

/** Deletes an unsent schedule, its queued send and its attachment. Throws ERR_NO_SCHEDULE_FOUND, ERR_SCHEDULE_ALREADY_SENT, ERR_NO_PERMISSION. */
export async function deleteSchedule(deps: SchedulesDeps, ctx: RequestContext, id: number): Promise<void> {
  const row = await findChangeableSchedule(deps, ctx, id);
  if (!(await deleteUnsentSchedule(deps.db, ctx.companyId, id))) throw await lostRace(deps, ctx, id);
  await cancelScheduleSends(deps.jobs, id);
  if (row.mediaPath) await deps.media.remove(ctx.companyId, row.mediaPath);
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "schedule", action: "delete", record: { id } });
}

/**
 * Attaches an image (png or jpeg, recognised by its content) to an unsent schedule, replacing any other.
 * Throws ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE, ERR_NO_SCHEDULE_FOUND, ERR_SCHEDULE_ALREADY_SENT, ERR_NO_PERMISSION.
 */
export async function attachScheduleMedia(deps: SchedulesDeps, ctx: RequestContext, id: number, file: UploadedFile): Promise<Schedule> {
  const before = await findChangeableSchedule(deps, ctx, id);
  const stored = await deps.media.save(ctx.companyId, file.content, file.filename, file.mimetype);
  if (!SCHEDULE_MEDIA_MIMES.some((mime) => mime === stored.mime)) {
    await deps.media.remove(ctx.companyId, stored.fileName);
    throw new AppError("ERR_MEDIA_TYPE_NOT_ALLOWED", { allowed: ["png", "jpg", "jpeg"] });
  }
  const row = await updateUnsentSchedule(deps.db, ctx.companyId, id, { mediaPath: stored.fileName, mediaName: stored.originalName, updatedAt: nowOf(deps) });
  if (!row) {
    await deps.media.remove(ctx.companyId, stored.fileName);
    throw await lostRace(deps, ctx, id);
  }
  if (before.mediaPath) await deps.media.remove(ctx.companyId, before.mediaPath);
  return publish(deps, ctx, "update", id);
}

/** Removes the attachment of an unsent schedule. Throws ERR_NO_SCHEDULE_FOUND, ERR_SCHEDULE_ALREADY_SENT, ERR_NO_PERMISSION. */
export async function removeScheduleMedia(deps: SchedulesDeps, ctx: RequestContext, id: number): Promise<Schedule> {
  const before = await findChangeableSchedule(deps, ctx, id);
  const row = await updateUnsentSchedule(deps.db, ctx.companyId, id, { mediaPath: null, mediaName: null, updatedAt: nowOf(deps) });
  if (!row) throw await lostRace(deps, ctx, id);
  if (before.mediaPath) await deps.media.remove(ctx.companyId, before.mediaPath);
  return publish(deps, ctx, "update", id);
}
