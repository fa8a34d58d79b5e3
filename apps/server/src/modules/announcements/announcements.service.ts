import type { Announcement, ListAnnouncementsQuery, ListAnnouncementsResponse, ZAnnouncementBody } from "@conversa/shared";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { type AuditEntry, recordAudit } from "../audit/index.ts";
import { INSTALLATION_MEDIA, type MediaStore } from "../../media/media-store.ts";
import type { UploadedFile } from "../../media/uploads.ts";
import { canManageAnnouncements, canSeeAnnouncement } from "./announcements.policy.ts";
import { deleteAnnouncementRow, findAnnouncement, insertAnnouncement, listAnnouncementPage, setAnnouncementMedia, updateAnnouncementRow } from "./announcements.repository.ts";

export interface AnnouncementsDeps {
  db: Db;
  events: DomainEvents;
  media: Pick<MediaStore, "save" | "remove">;
}

type ParsedAnnouncementBody = z.output<typeof ZAnnouncementBody>;

/** The attachment is a picture (spec admin §5: .png, .jpg, .jpeg), recognised by its content. */
const ANNOUNCEMENT_MEDIA_TYPES = ["image/png", "image/jpeg"] as const;

const notFound = () => new AppError("ERR_NO_ANNOUNCEMENT_FOUND", undefined, "Announcement not found");

function requireSuper(ctx: RequestContext): void {
  if (!canManageAnnouncements(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

function publish(deps: AnnouncementsDeps, action: "create" | "update" | "delete", announcement: Announcement, previousStatus?: boolean): void {
  deps.events.publish("announcement.changed", { action, announcement, ...(previousStatus === undefined ? {} : { previousStatus }) });
}

/** The audit entry of an announcement of the installation (no company's). */
function audited(id: number, action: AuditEntry["action"], changes: Pick<AuditEntry, "before" | "after">): AuditEntry {
  return { action, target: { type: "announcement", id }, companyId: null, ...changes };
}

/** An announcement's own fields as the audit log records them. */
const fieldsOf = ({ title, text, priority, status, mediaName }: Announcement) => ({ title, text, priority, status, mediaName });

/**
 * A page of 20 announcements by priority, then newest, searched in title and text: every active one
 * for every user of every company, the inactive ones too for super users. Announcements belong to no company.
 */
export function listAnnouncements(deps: Pick<AnnouncementsDeps, "db">, ctx: RequestContext, query: ListAnnouncementsQuery): Promise<ListAnnouncementsResponse> {
  return listAnnouncementPage(deps.db, { searchParam: query.searchParam, pageNumber: query.pageNumber, includeInactive: canSeeAnnouncement(ctx, { status: false }) });
}

/** One announcement. Throws ERR_NO_ANNOUNCEMENT_FOUND (also for an inactive one, to all but super users). */
export async function showAnnouncement(deps: Pick<AnnouncementsDeps, "db">, ctx: RequestContext, id: number): Promise<Announcement> {
  const announcement = await findAnnouncement(deps.db, id);
  if (!announcement || !canSeeAnnouncement(ctx, announcement)) throw notFound();
  return announcement;
}

/** Creates an announcement. Throws ERR_NO_PERMISSION (not a super user). */
export async function createAnnouncement(deps: AnnouncementsDeps, ctx: RequestContext, body: ParsedAnnouncementBody): Promise<Announcement> {
  requireSuper(ctx);
  const announcement = await deps.db.transaction(async (tx) => {
    const created = await insertAnnouncement(tx, body);
    await recordAudit(tx, ctx, audited(created.id, "announcement.create", { after: fieldsOf(created) }));
    return created;
  });
  publish(deps, "create", announcement);
  return announcement;
}

/** Replaces an announcement's fields. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_ANNOUNCEMENT_FOUND. */
export async function updateAnnouncement(deps: AnnouncementsDeps, ctx: RequestContext, id: number, body: ParsedAnnouncementBody): Promise<Announcement> {
  requireSuper(ctx);
  const result = await deps.db.transaction(async (tx) => {
    const changed = await updateAnnouncementRow(tx, id, body);
    if (!changed) throw notFound();
    await recordAudit(tx, ctx, audited(id, "announcement.update", { before: fieldsOf(changed.before), after: fieldsOf(changed.after) }));
    return changed;
  });
  publish(deps, "update", result.after, result.before.status);
  return result.after;
}

/** Deletes an announcement and its image. Throws ERR_NO_PERMISSION (not a super user), ERR_NO_ANNOUNCEMENT_FOUND. */
export async function deleteAnnouncement(deps: AnnouncementsDeps, ctx: RequestContext, id: number): Promise<void> {
  requireSuper(ctx);
  const deleted = await deps.db.transaction(async (tx) => {
    const row = await deleteAnnouncementRow(tx, id);
    if (!row) throw notFound();
    await recordAudit(tx, ctx, audited(id, "announcement.delete", { before: { title: row.announcement.title } }));
    return row;
  });
  if (deleted.fileName) await deps.media.remove(INSTALLATION_MEDIA, deleted.fileName);
  publish(deps, "delete", deleted.announcement);
}

/**
 * Checks, before an upload is read, that the actor may attach an image to this announcement.
 * Throws ERR_NO_PERMISSION (not a super user), ERR_NO_ANNOUNCEMENT_FOUND.
 */
export async function assertAnnouncementMediaTarget(deps: Pick<AnnouncementsDeps, "db">, ctx: RequestContext, id: number): Promise<void> {
  requireSuper(ctx);
  if (!(await findAnnouncement(deps.db, id))) throw notFound();
}

/**
 * Attaches a picture (png or jpeg, recognised by its content) to an announcement, replacing any earlier
 * one, in the media store's installation folder. Throws ERR_NO_PERMISSION, ERR_NO_ANNOUNCEMENT_FOUND,
 * ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE.
 */
export async function attachAnnouncementMedia(deps: AnnouncementsDeps, ctx: RequestContext, id: number, file: UploadedFile): Promise<Announcement> {
  requireSuper(ctx);
  const stored = await deps.media.save(INSTALLATION_MEDIA, file.content, file.filename, file.mimetype, { accept: ANNOUNCEMENT_MEDIA_TYPES });
  let result: Awaited<ReturnType<typeof changeMedia>>;
  try {
    result = await deps.db.transaction((tx) => changeMedia(tx, ctx, id, { fileName: stored.fileName, name: stored.originalName }));
  } catch (error) {
    // Nothing refers to the new file: it goes with the refused change.
    await deps.media.remove(INSTALLATION_MEDIA, stored.fileName);
    throw error;
  }
  if (result.previousFile) await deps.media.remove(INSTALLATION_MEDIA, result.previousFile);
  publish(deps, "update", result.announcement, result.announcement.status);
  return result.announcement;
}

/** Sets or clears the picture within the transaction `tx`, with its audit entry. Throws ERR_NO_ANNOUNCEMENT_FOUND. */
async function changeMedia(tx: Db, ctx: RequestContext, id: number, media: { fileName: string; name: string } | null) {
  const result = await setAnnouncementMedia(tx, id, media);
  if (!result) throw notFound();
  const before = { mediaPath: result.previousFile, mediaName: result.previousName };
  await recordAudit(tx, ctx, audited(id, "announcement.update", { before, after: { mediaPath: media?.fileName ?? null, mediaName: media?.name ?? null } }));
  return result;
}

/** Removes an announcement's picture. Throws ERR_NO_PERMISSION, ERR_NO_ANNOUNCEMENT_FOUND. */
export async function removeAnnouncementMedia(deps: AnnouncementsDeps, ctx: RequestContext, id: number): Promise<Announcement> {
  requireSuper(ctx);
  const result = await deps.db.transaction((tx) => changeMedia(tx, ctx, id, null));
  if (result.previousFile) await deps.media.remove(INSTALLATION_MEDIA, result.previousFile);
  publish(deps, "update", result.announcement, result.announcement.status);
  return result.announcement;
}
