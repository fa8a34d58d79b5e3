import { DEFAULT_TAG_COLOR, type KanbanOrderBody, type ListTagsQuery, type ListTagsResponse, type Tag, type TagBody, type TagRecord } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { recordAudit } from "../audit/index.ts";
import { canManageTags, canOrderKanban, changesOnlyKanban, mayEditTag, mayRequestKanban } from "./tags.policy.ts";
import { deleteTagRow, findTagRecord, insertTag, listAllTags, listKanbanTagRows, listTagPage, saveKanbanOrder, updateTagRow } from "./tags.repository.ts";

export interface TagsDeps {
  db: Db;
  events: DomainEvents;
}

const notFound = () => new AppError("ERR_NO_TAG_FOUND");
const duplicate = () => new AppError("ERR_DUPLICATED_TAG", undefined, "A tag with this name already exists");

async function requireTag(db: Db, companyId: number, id: number): Promise<TagRecord> {
  const tag = await findTagRecord(db, companyId, id);
  if (!tag) throw notFound();
  return tag;
}

/** The company's tags by name (the conversation's picker and the ticket filters). */
export function listTags(deps: Pick<TagsDeps, "db">, ctx: RequestContext): Promise<Tag[]> {
  return listAllTags(deps.db, ctx.companyId);
}

/** A page of 20 tags by name, searched by name, each with the number of tickets carrying it. */
export function listTagRecords(deps: Pick<TagsDeps, "db">, ctx: RequestContext, query: ListTagsQuery): Promise<ListTagsResponse> {
  return listTagPage(deps.db, ctx.companyId, query.searchParam, query.pageNumber);
}

/** One tag with its ticket count. Throws ERR_NO_TAG_FOUND. */
export function showTag(deps: Pick<TagsDeps, "db">, ctx: RequestContext, id: number): Promise<TagRecord> {
  return requireTag(deps.db, ctx.companyId, id);
}

/** The kanban lanes: the company's tags marked kanban. Its route needs the plan's useKanban (plan gate). */
export async function listKanbanTags(deps: Pick<TagsDeps, "db">, ctx: RequestContext): Promise<Tag[]> {
  return listKanbanTagRows(deps.db, ctx.companyId);
}

/**
 * Puts the company's kanban lanes in order (kept per company: every user of it sees the board so), and answers
 * them in that order; each lane is told to the company as changed, so that open boards read the lanes again.
 * Throws ERR_NO_PERMISSION without "tags:kanban", ERR_NO_TAG_FOUND when the ids are not exactly the
 * company's kanban lanes (another company's tag, a tag that is not a lane, a lane left out).
 */
export async function orderKanbanTags(deps: TagsDeps, ctx: RequestContext, body: KanbanOrderBody): Promise<Tag[]> {
  if (!canOrderKanban(ctx)) throw new AppError("ERR_NO_PERMISSION");
  await deps.db.transaction(async (tx) => {
    const previous = await saveKanbanOrder(tx, ctx.companyId, body.tagIds);
    if (!previous) throw notFound();
    await recordAudit(tx, ctx, { action: "kanban.order.update", before: { tagIds: previous }, after: { tagIds: body.tagIds } });
  });
  for (const id of body.tagIds) {
    const tag = await findTagRecord(deps.db, ctx.companyId, id);
    if (tag) deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "tag", action: "update", record: tag });
  }
  return listKanbanTagRows(deps.db, ctx.companyId);
}

/**
 * Creates a tag owned by the actor (an admin: "tags:manage"). Throws ERR_NO_PERMISSION for a user-profile
 * account (or a kanban flag without "tags:kanban"), ERR_DUPLICATED_TAG for a name the company already has.
 */
export async function createTag(deps: TagsDeps, ctx: RequestContext, body: TagBody): Promise<TagRecord> {
  if (!canManageTags(ctx)) throw new AppError("ERR_NO_PERMISSION");
  if (!mayRequestKanban(ctx, body.kanban, 0)) throw new AppError("ERR_NO_PERMISSION");
  const values = { name: body.name, color: body.color ?? DEFAULT_TAG_COLOR, kanban: body.kanban ?? 0 };
  const id = await deps.db.transaction(async (tx) => {
    const newId = await insertTag(tx, ctx.companyId, ctx.userId, values);
    if (newId === undefined) throw duplicate();
    await recordAudit(tx, ctx, { action: "tag.create", target: { type: "tag", id: newId }, after: values });
    return newId;
  });
  const tag = await requireTag(deps.db, ctx.companyId, id);
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "tag", action: "create", record: tag });
  return tag;
}

/**
 * Renames or recolours a tag ("tags:manage": admins); omitted color and kanban are kept. A supervisor
 * ("tags:kanban") may change the kanban flag alone. Throws
 * ERR_NO_PERMISSION (a user-profile account, or a kanban change without "tags:kanban"), ERR_NO_TAG_FOUND, ERR_DUPLICATED_TAG.
 */
export async function updateTag(deps: TagsDeps, ctx: RequestContext, id: number, body: TagBody): Promise<TagRecord> {
  if (!mayEditTag(ctx)) throw new AppError("ERR_NO_PERMISSION");
  const current = await requireTag(deps.db, ctx.companyId, id);
  if (!canManageTags(ctx) && !changesOnlyKanban(body, current)) throw new AppError("ERR_NO_PERMISSION");
  if (!mayRequestKanban(ctx, body.kanban, current.kanban)) throw new AppError("ERR_NO_PERMISSION");
  const values = { name: body.name, color: body.color ?? current.color, kanban: body.kanban ?? current.kanban };
  await deps.db.transaction(async (tx) => {
    const result = await updateTagRow(tx, ctx.companyId, id, values);
    if (result === "missing") throw notFound();
    if (result === "duplicate") throw duplicate();
    await recordAudit(tx, ctx, { action: "tag.update", target: { type: "tag", id }, before: { name: current.name, color: current.color, kanban: current.kanban }, after: values });
  });
  const tag = await requireTag(deps.db, ctx.companyId, id);
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "tag", action: "update", record: tag });
  return tag;
}

/** Deletes a tag and its links to tickets ("tags:manage": admins). Throws ERR_NO_PERMISSION, ERR_NO_TAG_FOUND. */
export async function deleteTag(deps: TagsDeps, ctx: RequestContext, id: number): Promise<void> {
  if (!canManageTags(ctx)) throw new AppError("ERR_NO_PERMISSION");
  await deps.db.transaction(async (tx) => {
    const current = await findTagRecord(tx, ctx.companyId, id);
    if (!current || !(await deleteTagRow(tx, ctx.companyId, id))) throw notFound();
    await recordAudit(tx, ctx, { action: "tag.delete", target: { type: "tag", id }, before: { name: current.name } });
  });
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "tag", action: "delete", record: { id } });
}
