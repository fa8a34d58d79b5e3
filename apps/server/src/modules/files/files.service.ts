import { and, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { type FileList, type FileListBody, can } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { fileListOptions, fileLists, users } from "../../db/schema/index.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import { type AuditFields, recordAudit } from "../audit/index.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { MediaStore, StoredMedia } from "../../media/media-store.ts";
import { findFileList, listFileListsPage, listOptionFiles } from "./files.repository.ts";

export interface FilesDeps {
  db: Db;
  events: DomainEvents;
  media: Pick<MediaStore, "save" | "remove">;
}

const notFound = () => new AppError("ERR_NO_FILE_LIST_FOUND", undefined, "File list not found");

function requireManager(ctx: RequestContext): void {
  if (!can(ctx, "files:manage")) throw new AppError("ERR_NO_PERMISSION");
}

function publish(deps: FilesDeps, companyId: number, action: "create" | "update" | "delete", record: { id: number }): void {
  deps.events.publish("record.changed", { companyId, channel: "file", action, record });
}

async function loadOrFail(db: Db, companyId: number, id: number): Promise<FileList> {
  const list = await findFileList(db, companyId, id);
  if (!list) throw notFound();
  return list;
}

/** A page of 20 of the company's file lists (every user may list them: the campaign dialog offers them). */
export function listFileLists(deps: Pick<FilesDeps, "db">, ctx: RequestContext, query: { searchParam?: string | undefined; pageNumber: number }) {
  return listFileListsPage(deps.db, ctx.companyId, query.searchParam, query.pageNumber);
}

/** One file list with its files. Throws ERR_NO_FILE_LIST_FOUND. */
export function showFileList(deps: Pick<FilesDeps, "db">, ctx: RequestContext, id: number): Promise<FileList> {
  return loadOrFail(deps.db, ctx.companyId, id);
}

/** The web sends the saving user's id: it must be a user of the company (the list is recorded as the actor's). */
async function checkUser(db: Db, ctx: RequestContext, userId: number | undefined): Promise<void> {
  if (userId === undefined) return;
  const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.companyId, ctx.companyId), eq(users.id, userId)));
  if (!row) throw new AppError("ERR_NO_USER_FOUND");
}

/** Creates a file list with its (not yet uploaded) options. Throws ERR_NO_PERMISSION, ERR_NO_USER_FOUND. */
export async function createFileList(deps: FilesDeps, ctx: RequestContext, body: FileListBody): Promise<FileList> {
  requireManager(ctx);
  await checkUser(deps.db, ctx, body.userId);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(fileLists).values({ companyId: ctx.companyId, name: body.name, message: body.message, userId: ctx.userId }).returning({ id: fileLists.id });
    if (!row) throw new Error("file list insert returned no row");
    if (body.options.length > 0) {
      await tx.insert(fileListOptions).values(body.options.map((option) => ({ companyId: ctx.companyId, fileListId: row.id, name: option.name, mediaType: option.mediaType || null })));
    }
    await recordAudit(tx, ctx, { action: "file_list.create", target: fileListTarget(row.id), after: audited(await loadOrFail(tx, ctx.companyId, row.id)) });
    return row.id;
  });
  const list = await loadOrFail(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "create", list);
  return list;
}

/**
 * Changes a file list in one transaction: name, message, and its options (an option with an id keeps
 * its file and takes the new name; one without is added; a stored option left out is removed with its
 * file). Throws ERR_NO_PERMISSION, ERR_NO_FILE_LIST_FOUND, ERR_NO_USER_FOUND.
 */
export async function updateFileList(deps: FilesDeps, ctx: RequestContext, id: number, body: FileListBody): Promise<FileList> {
  requireManager(ctx);
  await checkUser(deps.db, ctx, body.userId);
  const removedFiles = await deps.db.transaction(async (tx) => {
    const before = await loadOrFail(tx, ctx.companyId, id);
    const updated = await tx
      .update(fileLists)
      .set({ name: body.name, message: body.message, updatedAt: sql`now()` })
      .where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.id, id)))
      .returning({ id: fileLists.id });
    if (updated.length === 0) throw notFound();
    const kept = body.options.flatMap((option) => (option.id === undefined ? [] : [option.id]));
    const scope = and(eq(fileListOptions.companyId, ctx.companyId), eq(fileListOptions.fileListId, id));
    const removed = await tx
      .delete(fileListOptions)
      .where(and(scope, kept.length > 0 ? notInArray(fileListOptions.id, kept) : undefined))
      .returning({ path: fileListOptions.path });
    for (const option of body.options) {
      if (option.id === undefined) {
        await tx.insert(fileListOptions).values({ companyId: ctx.companyId, fileListId: id, name: option.name, mediaType: option.mediaType || null });
      } else {
        await tx.update(fileListOptions).set({ name: option.name, updatedAt: sql`now()` }).where(and(scope, eq(fileListOptions.id, option.id)));
      }
    }
    await recordAudit(tx, ctx, { action: "file_list.update", target: fileListTarget(id), before: audited(before), after: audited(await loadOrFail(tx, ctx.companyId, id)) });
    return removed.flatMap((row) => (row.path ? [row.path] : []));
  });
  for (const file of removedFiles) await deps.media.remove(ctx.companyId, file);
  const list = await loadOrFail(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "update", list);
  return list;
}

const fileListTarget = (id: number) => ({ type: "file_list", id });

/** A file list as the audit log records it: its name, message and its options' names and files. */
function audited(list: FileList): AuditFields {
  return { name: list.name, message: list.message, options: list.options.map((option) => `${option.name}${option.path ? ` (${option.path})` : ""}`) };
}

/** Deletes a file list and its files. Throws ERR_NO_PERMISSION, ERR_NO_FILE_LIST_FOUND. */
export async function deleteFileList(deps: FilesDeps, ctx: RequestContext, id: number): Promise<void> {
  requireManager(ctx);
  const files = await listOptionFiles(deps.db, ctx.companyId, id);
  const rows = await deps.db.transaction(async (tx) => {
    const deleted = await tx.delete(fileLists).where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.id, id))).returning({ id: fileLists.id, name: fileLists.name });
    if (deleted[0]) await recordAudit(tx, ctx, { action: "file_list.delete", target: fileListTarget(id), before: { name: deleted[0].name } });
    return deleted;
  });
  if (rows.length === 0) throw notFound();
  for (const file of files) if (file.path) await deps.media.remove(ctx.companyId, file.path);
  publish(deps, ctx.companyId, "delete", { id });
}

/**
 * POST /files/uploadList/{id}: the uploaded files (checked by content when stored) go to the options
 * `optionIds` names, one per file in order (replacing a file such an option had); without ids they fill
 * the list's options that have no file yet, in order, and files beyond them become new options named
 * after the file. Throws ERR_NO_PERMISSION, ERR_NO_FILE_LIST_FOUND, ERR_VALIDATION (an id that is not an
 * option of this list); when it throws, the uploaded files are removed.
 */
export async function attachFileListFiles(deps: FilesDeps, ctx: RequestContext, id: number, stored: StoredMedia[], optionIds?: readonly number[]): Promise<FileList> {
  let replaced: string[];
  try {
    requireManager(ctx);
    replaced = await deps.db.transaction(async (tx) => {
      const [list] = await tx.select({ id: fileLists.id }).from(fileLists).where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.id, id))).for("update");
      if (!list) throw notFound();
      await recordAudit(tx, ctx, { action: "file_list.upload", target: fileListTarget(id), after: { files: stored.map((file) => file.originalName) } });
      const scope = and(eq(fileListOptions.companyId, ctx.companyId), eq(fileListOptions.fileListId, id));
      if (optionIds !== undefined) {
        const named = await tx.select({ id: fileListOptions.id, path: fileListOptions.path }).from(fileListOptions).where(and(scope, inArray(fileListOptions.id, [...optionIds])));
        if (named.length !== optionIds.length) throw new AppError("ERR_VALIDATION", [{ in: "body", path: "/id", message: "Not an option of this list" }], "Not an option of this list");
        for (const [index, file] of stored.entries()) {
          await tx.update(fileListOptions).set({ path: file.fileName, mediaType: file.mime, updatedAt: sql`now()` }).where(and(scope, eq(fileListOptions.id, optionIds[index]!)));
        }
        return named.flatMap((option) => (option.path ? [option.path] : []));
      }
      const empty = await tx.select({ id: fileListOptions.id }).from(fileListOptions).where(and(scope, isNull(fileListOptions.path))).orderBy(fileListOptions.id);
      for (const [index, file] of stored.entries()) {
        const slot = empty[index];
        if (slot) {
          await tx.update(fileListOptions).set({ path: file.fileName, mediaType: file.mime, updatedAt: sql`now()` }).where(inArray(fileListOptions.id, [slot.id]));
        } else {
          await tx.insert(fileListOptions).values({ companyId: ctx.companyId, fileListId: id, name: file.originalName, path: file.fileName, mediaType: file.mime });
        }
      }
      return [];
    });
  } catch (error) {
    for (const file of stored) await deps.media.remove(ctx.companyId, file.fileName);
    throw error;
  }
  for (const file of replaced) await deps.media.remove(ctx.companyId, file);
  const list = await loadOrFail(deps.db, ctx.companyId, id);
  publish(deps, ctx.companyId, "update", list);
  return list;
}
