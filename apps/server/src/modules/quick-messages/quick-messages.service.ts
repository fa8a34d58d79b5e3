import { type ListQuickMessagesQuery, type ListQuickMessagesResponse, type QuickMessage, type QuickMessageBody, quickMessageMediaName } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertBodyMediaPath } from "../../lib/body-media-path.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { MediaStore } from "../../media/media-store.ts";
import type { UploadedFile } from "../../media/uploads.ts";
import { canChangeSharing, canEditQuickMessage, canSeeQuickMessage } from "./quick-messages.policy.ts";
import {
  deleteQuickMessageRow,
  findQuickMessage,
  insertQuickMessage,
  listUsableRows,
  listVisiblePage,
  setQuickMessageMedia,
  updateQuickMessageRow,
} from "./quick-messages.repository.ts";

export interface QuickMessagesDeps {
  db: Db;
  events: DomainEvents;
  media: Pick<MediaStore, "save" | "remove">;
}


const notFound = () => new AppError("ERR_NO_QUICK_MESSAGE_FOUND", undefined, "Quick message not found");

/** A reply the actor may see; another user's personal one is "not found", exactly as a missing one. */
async function requireVisible(db: Db, ctx: RequestContext, id: number): Promise<QuickMessage> {
  const quick = await findQuickMessage(db, ctx.companyId, id);
  if (!quick || !canSeeQuickMessage(ctx, quick)) throw notFound();
  return quick;
}

async function requireEditable(db: Db, ctx: RequestContext, id: number): Promise<QuickMessage> {
  const quick = await requireVisible(db, ctx, id);
  if (!canEditQuickMessage(ctx, quick)) throw new AppError("ERR_NO_PERMISSION");
  return quick;
}

type Action = "create" | "update" | "delete";

/**
 * Tells the lists: a shared reply to the whole company, a personal one to its owner only. A reply
 * that stops being shared is deleted from everyone's list first, then updated in its owner's.
 */
function publish(deps: QuickMessagesDeps, companyId: number, action: Action, quick: QuickMessage, wasShared = quick.geral): void {
  const changed = (record: { id: number }, act: Action, userId?: number) =>
    deps.events.publish("record.changed", { companyId, channel: "quickmessage", action: act, record, ...(userId === undefined ? {} : { userId }) });
  if (wasShared && !quick.geral) changed({ id: quick.id }, "delete");
  if (quick.geral) changed(action === "delete" ? { id: quick.id } : quick, action);
  else if (quick.userId !== null) changed(action === "delete" ? { id: quick.id } : quick, action, quick.userId);
}

/** Active replies the actor may use in the conversation's "/" list: the company's shared ones and their own. */
export function listUsableQuickMessages(deps: Pick<QuickMessagesDeps, "db">, ctx: RequestContext): Promise<QuickMessage[]> {
  return listUsableRows(deps.db, ctx.companyId, ctx.userId);
}

/** A page of 20 replies the actor may see, by shortcode, searched by shortcode or message. */
export function listQuickMessages(deps: Pick<QuickMessagesDeps, "db">, ctx: RequestContext, query: ListQuickMessagesQuery): Promise<ListQuickMessagesResponse> {
  return listVisiblePage(deps.db, ctx.companyId, ctx.userId, query.searchParam, query.pageNumber);
}

/** One reply. Throws ERR_NO_QUICK_MESSAGE_FOUND (also for another user's personal reply). */
export function showQuickMessage(deps: Pick<QuickMessagesDeps, "db">, ctx: RequestContext, id: number): Promise<QuickMessage> {
  return requireVisible(deps.db, ctx, id);
}

/** Creates a reply owned by the actor, shared with the company when `geral`. Throws ERR_MEDIA_PATH_REFUSED. */
export async function createQuickMessage(deps: QuickMessagesDeps, ctx: RequestContext, body: QuickMessageBody): Promise<QuickMessage> {
  assertBodyMediaPath(body.mediaPath, null);
  const quick = await insertQuickMessage(deps.db, ctx.companyId, ctx.userId, { shortcode: body.shortcode, message: body.message, geral: body.geral, status: body.status ?? true });
  publish(deps, ctx.companyId, "create", quick);
  return quick;
}

/**
 * Changes a reply. Throws ERR_NO_QUICK_MESSAGE_FOUND, ERR_NO_PERMISSION (not its owner, nor an admin
 * for a shared one; or someone other than the owner changing whether it is shared), ERR_MEDIA_PATH_REFUSED.
 */
export async function updateQuickMessage(deps: QuickMessagesDeps, ctx: RequestContext, id: number, body: QuickMessageBody): Promise<QuickMessage> {
  const current = await requireEditable(deps.db, ctx, id);
  if (!canChangeSharing(ctx, current, body.geral)) throw new AppError("ERR_NO_PERMISSION");
  assertBodyMediaPath(body.mediaPath, current.mediaPath);
  const quick = await updateQuickMessageRow(deps.db, ctx.companyId, id, {
    shortcode: body.shortcode,
    message: body.message,
    geral: body.geral,
    status: body.status ?? current.status,
  });
  if (!quick) throw notFound();
  publish(deps, ctx.companyId, "update", quick, current.geral);
  return quick;
}

/** Deletes a reply and its attachment. Throws ERR_NO_QUICK_MESSAGE_FOUND, ERR_NO_PERMISSION. */
export async function deleteQuickMessage(deps: QuickMessagesDeps, ctx: RequestContext, id: number): Promise<void> {
  const current = await requireEditable(deps.db, ctx, id);
  const deleted = await deleteQuickMessageRow(deps.db, ctx.companyId, id);
  if (!deleted) throw notFound();
  if (deleted.fileName) await deps.media.remove(ctx.companyId, deleted.fileName);
  publish(deps, ctx.companyId, "delete", current);
}

/**
 * Attaches a file to a reply, replacing any earlier one. The file is accepted by its content (magic
 * bytes); its name keeps no spaces. Throws ERR_NO_QUICK_MESSAGE_FOUND, ERR_NO_PERMISSION,
 * ERR_MEDIA_TYPE_NOT_ALLOWED, ERR_MEDIA_TOO_LARGE.
 */
export async function attachQuickMessageMedia(deps: QuickMessagesDeps, ctx: RequestContext, id: number, file: UploadedFile): Promise<QuickMessage> {
  await requireEditable(deps.db, ctx, id);
  const stored = await deps.media.save(ctx.companyId, file.content, file.filename, file.mimetype);
  const result = await setQuickMessageMedia(deps.db, ctx.companyId, id, { fileName: stored.fileName, name: quickMessageMediaName(stored.originalName) });
  if (!result) {
    await deps.media.remove(ctx.companyId, stored.fileName);
    throw notFound();
  }
  if (result.previousFile) await deps.media.remove(ctx.companyId, result.previousFile);
  publish(deps, ctx.companyId, "update", result.quickMessage);
  return result.quickMessage;
}

/** Removes a reply's attachment. Throws ERR_NO_QUICK_MESSAGE_FOUND, ERR_NO_PERMISSION. */
export async function removeQuickMessageMedia(deps: QuickMessagesDeps, ctx: RequestContext, id: number): Promise<QuickMessage> {
  await requireEditable(deps.db, ctx, id);
  const result = await setQuickMessageMedia(deps.db, ctx.companyId, id, null);
  if (!result) throw notFound();
  if (result.previousFile) await deps.media.remove(ctx.companyId, result.previousFile);
  publish(deps, ctx.companyId, "update", result.quickMessage);
  return result.quickMessage;
}
