import {
  type CreateQueueOptionBody,
  MAX_QUEUE_OPTIONS_PER_LEVEL,
  type QueueOption,
  ROOT_OPTION_PARENT,
  type UpdateQueueOptionBody,
} from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { recordAudit } from "../audit/index.ts";
import type { MediaStore, StoredMedia } from "../../media/media-store.ts";
import {
  type QueueOptionRow,
  countSiblings,
  deleteOptionRow,
  findOption,
  findOptionRow,
  insertOption,
  listOptionLevel,
  listSiblingIds,
  optionPositions,
  renumberOptions,
  subtreeMediaPaths,
  updateOptionRow,
} from "./queue-options.repository.ts";
import { canEditQueues } from "./queues.policy.ts";
import { findQueue, lockQueue } from "./queues.repository.ts";

export interface QueueOptionsDeps {
  db: Db;
  media: MediaStore;
}

const queueNotFound = () => new AppError("ERR_NO_QUEUE_FOUND", undefined, "Queue not found");
const optionNotFound = () => new AppError("ERR_NO_QUEUE_OPTION_FOUND", undefined, "Queue option not found");

function assertCanEdit(ctx: RequestContext): void {
  if (!canEditQueues(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

/** The stored parent of the API's parent id (-1, null or absent: a root). */
function storedParent(parentId: number | null | undefined): number | null {
  return parentId === undefined || parentId === null || parentId === ROOT_OPTION_PARENT ? null : parentId;
}

/** Checks that `parentId` is an option of the queue. Throws ERR_NO_QUEUE_OPTION_FOUND. */
async function assertParent(db: Db, companyId: number, queueId: number, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const parent = await findOptionRow(db, companyId, parentId);
  if (!parent || parent.queueId !== queueId) throw optionNotFound();
}

/** Locks the option's queue for the transaction `tx` and reads the option again under the lock. */
async function lockedOption(tx: Db, companyId: number, id: number): Promise<QueueOptionRow> {
  const before = await findOptionRow(tx, companyId, id);
  if (!before || !(await lockQueue(tx, companyId, before.queueId))) throw optionNotFound();
  const row = await findOptionRow(tx, companyId, id);
  if (!row) throw optionNotFound();
  return row;
}

/** Gives a level the positions 1..n in `orderedIds` order. */
async function renumberLevel(tx: Db, companyId: number, level: { queueId: number; parentId: number | null }, orderedIds: readonly number[]): Promise<void> {
  const current = await optionPositions(tx, companyId, level.queueId, level.parentId);
  await renumberOptions(tx, companyId, orderedIds, current);
}

async function requireOption(db: Db, companyId: number, id: number): Promise<QueueOption> {
  const option = await findOption(db, companyId, id);
  if (!option) throw optionNotFound();
  return option;
}

/**
 * One level of a queue's option tree (`parentId` -1 for the roots), by position, each with the
 * number of its children. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND, ERR_NO_QUEUE_OPTION_FOUND.
 */
export async function listQueueOptions(deps: QueueOptionsDeps, ctx: RequestContext, query: { queueId: number; parentId: number }): Promise<QueueOption[]> {
  assertCanEdit(ctx);
  const { companyId } = ctx;
  if (!(await findQueue(deps.db, companyId, query.queueId))) throw queueNotFound();
  const parentId = storedParent(query.parentId);
  await assertParent(deps.db, companyId, query.queueId, parentId);
  return listOptionLevel(deps.db, companyId, query.queueId, parentId);
}

/**
 * Adds an option after its siblings (position = last + 1).
 * Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND, ERR_NO_QUEUE_OPTION_FOUND (parent), ERR_QUEUE_OPTION_LIMIT.
 */
export async function createQueueOption(deps: QueueOptionsDeps, ctx: RequestContext, body: CreateQueueOptionBody): Promise<QueueOption> {
  assertCanEdit(ctx);
  const { companyId } = ctx;
  const parentId = storedParent(body.parentId);
  const id = await deps.db.transaction(async (tx) => {
    if (!(await lockQueue(tx, companyId, body.queueId))) throw queueNotFound();
    await assertParent(tx, companyId, body.queueId, parentId);
    if ((await countSiblings(tx, companyId, body.queueId, parentId)) >= MAX_QUEUE_OPTIONS_PER_LEVEL) {
      throw new AppError("ERR_QUEUE_OPTION_LIMIT", { max: MAX_QUEUE_OPTIONS_PER_LEVEL }, "This level has the maximum number of options");
    }
    const positions = await optionPositions(tx, companyId, body.queueId, parentId);
    const last = Math.max(0, ...positions.values());
    const values = { queueId: body.queueId, parentId, title: body.title, message: body.message ?? "", option: last + 1 };
    const newId = await insertOption(tx, companyId, values);
    await recordAudit(tx, ctx, { action: "queue_option.create", target: { type: "queue_option", id: newId }, after: values });
    return newId;
  });
  return requireOption(deps.db, companyId, id);
}

/**
 * Changes an option's texts and, with `option`, moves it to that position among its siblings
 * (clamped to the level's size), renumbering the level 1..n. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_OPTION_FOUND.
 */
export async function updateQueueOption(deps: QueueOptionsDeps, ctx: RequestContext, id: number, body: UpdateQueueOptionBody): Promise<QueueOption> {
  assertCanEdit(ctx);
  const { companyId } = ctx;
  await deps.db.transaction(async (tx) => {
    const row = await lockedOption(tx, companyId, id);
    const texts = { ...(body.title !== undefined ? { title: body.title } : {}), ...(body.message !== undefined ? { message: body.message } : {}) };
    if (Object.keys(texts).length > 0) await updateOptionRow(tx, companyId, id, texts);
    const before = { title: row.title, message: row.message, option: row.option };
    const after = { ...before, ...texts };
    if (body.option !== undefined) {
      const others = (await listSiblingIds(tx, companyId, row.queueId, row.parentId)).filter((sibling) => sibling !== id);
      const index = Math.min(Math.max(body.option - 1, 0), others.length);
      await renumberLevel(tx, companyId, row, [...others.slice(0, index), id, ...others.slice(index)]);
      after.option = index + 1;
    }
    await recordAudit(tx, ctx, { action: "queue_option.update", target: { type: "queue_option", id }, before, after });
  });
  return requireOption(deps.db, companyId, id);
}

/**
 * Deletes an option and every option under it, renumbering the remaining siblings 1..n; their
 * media files are removed. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_OPTION_FOUND.
 */
export async function deleteQueueOption(deps: QueueOptionsDeps, ctx: RequestContext, id: number): Promise<void> {
  assertCanEdit(ctx);
  const { companyId } = ctx;
  const mediaPaths = await deps.db.transaction(async (tx) => {
    const row = await lockedOption(tx, companyId, id);
    const paths = await subtreeMediaPaths(tx, companyId, id);
    await deleteOptionRow(tx, companyId, id);
    await recordAudit(tx, ctx, { action: "queue_option.delete", target: { type: "queue_option", id }, before: { queueId: row.queueId, title: row.title } });
    await renumberLevel(tx, companyId, row, await listSiblingIds(tx, companyId, row.queueId, row.parentId));
    return paths;
  });
  for (const path of mediaPaths) await deps.media.remove(companyId, path);
}

/** Checks, before a file is read, that the option may receive one. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_OPTION_FOUND. */
export async function assertOptionMediaTarget(deps: QueueOptionsDeps, ctx: RequestContext, id: number): Promise<void> {
  assertCanEdit(ctx);
  if (!(await findOptionRow(deps.db, ctx.companyId, id))) throw optionNotFound();
}

/** Sets or clears an option's media, with its audit entry; answers the file it replaced. Throws ERR_NO_QUEUE_OPTION_FOUND. */
async function replaceOptionMedia(db: Db, ctx: RequestContext, id: number, media: { path: string; name: string } | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const row = await lockedOption(tx, ctx.companyId, id);
    await updateOptionRow(tx, ctx.companyId, id, { mediaPath: media?.path ?? null, mediaName: media?.name ?? null });
    await recordAudit(tx, ctx, { action: "queue_option.update", target: { type: "queue_option", id }, before: { mediaName: row.mediaName }, after: { mediaName: media?.name ?? null } });
    return row.mediaPath;
  });
}

/**
 * Attaches a stored file to an option, replacing (and removing) the previous one; the new file is
 * removed again when the option cannot take it. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_OPTION_FOUND.
 */
export async function attachOptionMedia(deps: QueueOptionsDeps, ctx: RequestContext, id: number, file: StoredMedia): Promise<QueueOption> {
  const { companyId } = ctx;
  let previous: string | null;
  try {
    assertCanEdit(ctx);
    previous = await replaceOptionMedia(deps.db, ctx, id, { path: file.fileName, name: file.originalName });
  } catch (error) {
    await deps.media.remove(companyId, file.fileName);
    throw error;
  }
  if (previous) await deps.media.remove(companyId, previous);
  return requireOption(deps.db, companyId, id);
}

/** Removes an option's media attachment. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_OPTION_FOUND. */
export async function removeOptionMedia(deps: QueueOptionsDeps, ctx: RequestContext, id: number): Promise<QueueOption> {
  assertCanEdit(ctx);
  const previous = await replaceOptionMedia(deps.db, ctx, id, null);
  if (previous) await deps.media.remove(ctx.companyId, previous);
  return requireOption(deps.db, ctx.companyId, id);
}
