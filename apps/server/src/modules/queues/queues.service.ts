import type { ListQueuesPage, Queue, QueueBody, QueueDetail } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { violatedUniqueConstraint } from "../../db/errors.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertReferencesExist } from "../../db/references.ts";
import type { RequestContext } from "../../lib/context.ts";
import { recordAudit } from "../audit/index.ts";
import type { MediaStore, StoredMedia } from "../../media/media-store.ts";
import { canEditQueues, fitsQueueLimit } from "./queues.policy.ts";
import {
  type QueueValues,
  countQueues,
  deleteQueueRow,
  findCompanyQueueIds,
  findQueue,
  findQueueDetail,
  findQueueLimit,
  insertQueue,
  isQueueValueTaken,
  listQueueRows,
  lockCompanyQueues,
  QUEUES_PAGE_SIZE,
  searchQueueRows,
  setQueueMedia,
  storeExists,
  updateQueueRow,
} from "./queues.repository.ts";

export interface QueuesDeps {
  db: Db;
  events: DomainEvents;
  media: MediaStore;
}

const notFound = () => new AppError("ERR_NO_QUEUE_FOUND", undefined, "Queue not found");
const colorTaken = () => new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", undefined, "Queue colour already in use");
const nameTaken = () => new AppError("ERR_QUEUE_NAME_ALREADY_EXISTS", undefined, "A queue with this name already exists");

/** A non-null store id must name a store of the company. Throws ERR_NO_STORE_FOUND. */
async function assertStoreExists(db: Db, companyId: number, storeId: number | null): Promise<void> {
  if (storeId !== null && !(await storeExists(db, companyId, storeId))) throw new AppError("ERR_NO_STORE_FOUND", undefined, "Store not found");
}

/** A queue's own fields as its audit entries show them. */
function auditFields(values: QueueValues): Record<string, unknown> {
  return { ...values };
}

function assertCanEdit(ctx: RequestContext): void {
  if (!canEditQueues(ctx)) throw new AppError("ERR_NO_PERMISSION");
}

/** Runs a write; a unique-index violation the checks could not foresee still answers the queue's own code. */
async function mapUniqueViolation<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedUniqueConstraint(error);
    if (constraint === undefined) throw error;
    throw constraint.includes("color") ? colorTaken() : nameTaken();
  }
}

/** Name and colour are unique per company (compared without case). */
async function assertUniqueValues(tx: Db, companyId: number, values: QueueValues, exceptId?: number): Promise<void> {
  if (await isQueueValueTaken(tx, companyId, "name", values.name, exceptId)) throw nameTaken();
  if (await isQueueValueTaken(tx, companyId, "color", values.color, exceptId)) throw colorTaken();
}


async function requireDetail(db: Db, companyId: number, id: number): Promise<QueueDetail> {
  const detail = await findQueueDetail(db, companyId, id);
  if (!detail) throw notFound();
  return detail;
}

/** Publishes the queue as the list shows it (after the change committed). */
async function publishCurrent(deps: QueuesDeps, companyId: number, id: number, action: "create" | "update"): Promise<void> {
  const queue = await findQueue(deps.db, companyId, id);
  if (queue) deps.events.publish("record.changed", { companyId, channel: "queue", action, record: queue });
}

/** Every queue of the session's company (any profile: attendants pick queues when transferring). */
export function listQueues(deps: { db: Db }, ctx: RequestContext): Promise<Queue[]> {
  return listQueueRows(deps.db, ctx.companyId);
}

/** One page of the company's queues whose name contains `searchParam` (any profile, as the full list). */
export async function listQueuesPage(deps: { db: Db }, ctx: RequestContext, query: { searchParam?: string; pageNumber: number; storeId?: number | "none" }): Promise<ListQueuesPage> {
  const page = await searchQueueRows(deps.db, ctx.companyId, query.searchParam, query.pageNumber, query.storeId);
  return { ...page, hasMore: query.pageNumber * QUEUES_PAGE_SIZE < page.count };
}

/** A queue with its hours and media, for the queue modal. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND. */
export async function getQueue(deps: QueuesDeps, ctx: RequestContext, id: number): Promise<QueueDetail> {
  assertCanEdit(ctx);
  return requireDetail(deps.db, ctx.companyId, id);
}

/**
 * Creates a queue within the plan's queue limit, with its AI prompt or integration and its store (each of the company).
 * Throws ERR_NO_PERMISSION, ERR_QUEUE_LIMIT, ERR_QUEUE_NAME_ALREADY_EXISTS, ERR_QUEUE_COLOR_ALREADY_EXISTS,
 * ERR_NO_PROMPT_FOUND, ERR_NO_INTEGRATION_FOUND, ERR_NO_STORE_FOUND.
 */
export async function createQueue(deps: QueuesDeps, ctx: RequestContext, body: QueueBody): Promise<QueueDetail> {
  assertCanEdit(ctx);
  await assertReferencesExist(deps.db, ctx.companyId, body);
  const { companyId } = ctx;
  const values: QueueValues = {
    name: body.name,
    color: body.color,
    greetingMessage: body.greetingMessage ?? "",
    outOfHoursMessage: body.outOfHoursMessage ?? "",
    orderQueue: body.orderQueue ?? null,
    schedules: body.schedules ?? [],
    integrationId: body.integrationId ?? null,
    promptId: body.promptId ?? null,
    storeId: body.storeId ?? null,
  };
  await assertStoreExists(deps.db, companyId, values.storeId);
  const id = await mapUniqueViolation(() =>
    deps.db.transaction(async (tx) => {
      await lockCompanyQueues(tx, companyId);
      if (!fitsQueueLimit(await countQueues(tx, companyId), await findQueueLimit(tx, companyId))) {
        throw new AppError("ERR_QUEUE_LIMIT", undefined, "The plan's queue limit has been reached");
      }
      await assertUniqueValues(tx, companyId, values);
      const newId = await insertQueue(tx, companyId, values);
      await recordAudit(tx, ctx, { action: "queue.create", target: { type: "queue", id: newId }, after: auditFields(values) });
      return newId;
    }),
  );
  await publishCurrent(deps, companyId, id, "create");
  return requireDetail(deps.db, companyId, id);
}

/**
 * Changes a queue; optional fields left out keep their stored value (the hours, the prompt and the
 * integration too).
 * Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND, ERR_QUEUE_NAME_ALREADY_EXISTS, ERR_QUEUE_COLOR_ALREADY_EXISTS,
 * ERR_NO_PROMPT_FOUND, ERR_NO_INTEGRATION_FOUND, ERR_NO_STORE_FOUND.
 */
export async function updateQueue(deps: QueuesDeps, ctx: RequestContext, id: number, body: QueueBody): Promise<QueueDetail> {
  assertCanEdit(ctx);
  await assertReferencesExist(deps.db, ctx.companyId, body);
  const { companyId } = ctx;
  await mapUniqueViolation(() =>
    deps.db.transaction(async (tx) => {
      await lockCompanyQueues(tx, companyId);
      const current = await findQueueDetail(tx, companyId, id);
      if (!current) throw notFound();
      const values: QueueValues = {
        name: body.name,
        color: body.color,
        greetingMessage: body.greetingMessage ?? current.greetingMessage,
        outOfHoursMessage: body.outOfHoursMessage ?? current.outOfHoursMessage,
        orderQueue: body.orderQueue === undefined ? current.orderQueue : body.orderQueue,
        schedules: body.schedules ?? current.schedules,
        integrationId: body.integrationId === undefined ? current.integrationId : body.integrationId,
        promptId: body.promptId === undefined ? current.promptId : body.promptId,
        storeId: body.storeId === undefined ? current.storeId : body.storeId,
      };
      await assertStoreExists(tx, companyId, values.storeId);
      await assertUniqueValues(tx, companyId, values, id);
      await updateQueueRow(tx, companyId, id, values);
      const before: QueueValues = {
        name: current.name,
        color: current.color,
        greetingMessage: current.greetingMessage,
        outOfHoursMessage: current.outOfHoursMessage,
        orderQueue: current.orderQueue,
        schedules: current.schedules,
        integrationId: current.integrationId,
        promptId: current.promptId,
        storeId: current.storeId,
      };
      await recordAudit(tx, ctx, { action: "queue.update", target: { type: "queue", id }, before: auditFields(before), after: auditFields(values) });
    }),
  );
  await publishCurrent(deps, companyId, id, "update");
  return requireDetail(deps.db, companyId, id);
}

/**
 * Deletes a queue with its option tree and its links to users and connections; its tickets stay,
 * without a queue. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND.
 */
export async function deleteQueue(deps: QueuesDeps, ctx: RequestContext, id: number): Promise<void> {
  assertCanEdit(ctx);
  const { companyId } = ctx;
  const { mediaPaths } = await deps.db.transaction(async (tx) => {
    const removed = await deleteQueueRow(tx, companyId, id);
    if (!removed.deleted) throw notFound();
    await recordAudit(tx, ctx, { action: "queue.delete", target: { type: "queue", id }, before: { name: removed.name } });
    return removed;
  });
  for (const path of mediaPaths) await deps.media.remove(companyId, path);
  deps.events.publish("record.changed", { companyId, channel: "queue", action: "delete", record: { id } });
}

/** Checks, before a file is read, that the queue may receive one. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND. */
export async function assertQueueMediaTarget(deps: QueuesDeps, ctx: RequestContext, id: number): Promise<void> {
  assertCanEdit(ctx);
  if (!(await findQueue(deps.db, ctx.companyId, id))) throw notFound();
}

/**
 * Attaches a stored file to the queue (replacing and removing the previous one); the file is
 * removed again when the queue is gone. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND.
 */
export async function attachQueueMedia(deps: QueuesDeps, ctx: RequestContext, id: number, file: StoredMedia): Promise<QueueDetail> {
  const { companyId } = ctx;
  let previous: string | null;
  try {
    assertCanEdit(ctx);
    previous = await deps.db.transaction(async (tx) => {
      const changed = await setQueueMedia(tx, companyId, id, { path: file.fileName, name: file.originalName });
      if (!changed) throw notFound();
      await recordAudit(tx, ctx, { action: "queue.update", target: { type: "queue", id }, before: { mediaName: changed.previousName }, after: { mediaName: file.originalName } });
      return changed.previous;
    });
  } catch (error) {
    await deps.media.remove(companyId, file.fileName);
    throw error;
  }
  if (previous) await deps.media.remove(companyId, previous);
  await publishCurrent(deps, companyId, id, "update");
  return requireDetail(deps.db, companyId, id);
}

/** Removes the queue's media attachment. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND. */
export async function removeQueueMedia(deps: QueuesDeps, ctx: RequestContext, id: number): Promise<QueueDetail> {
  assertCanEdit(ctx);
  const { companyId } = ctx;
  const changed = await deps.db.transaction(async (tx) => {
    const result = await setQueueMedia(tx, companyId, id, null);
    if (!result) throw notFound();
    await recordAudit(tx, ctx, { action: "queue.update", target: { type: "queue", id }, before: { mediaName: result.previousName }, after: { mediaName: null } });
    return result;
  });
  if (changed.previous) await deps.media.remove(companyId, changed.previous);
  await publishCurrent(deps, companyId, id, "update");
  return requireDetail(deps.db, companyId, id);
}

/**
 * Checks that every id names a queue of the company (`db` may be a transaction).
 * Throws ERR_NO_QUEUE_FOUND when one does not, another company's queue included.
 */
export async function assertCompanyQueues(db: Db, companyId: number, ids: readonly number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await findCompanyQueueIds(db, companyId, wanted);
  if (found.length !== wanted.length) throw new AppError("ERR_NO_QUEUE_FOUND", undefined, "Queue not found");
}
