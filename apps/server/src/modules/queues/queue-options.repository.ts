import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { ROOT_OPTION_PARENT, type QueueOption } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { queueOptions } from "../../db/schema/index.ts";

/** The stored fields of an option the service works with (`parentId` null for a root). */
export interface QueueOptionRow {
  id: number;
  queueId: number;
  parentId: number | null;
  option: number;
  title: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
}

// The outer row is named explicitly: drizzle would render its id column unqualified, which inside the subquery means the child's.
const childrenCount = sql<number>`(select count(*)::int from ${queueOptions} as child where child.parent_id = "queue_options"."id")`;

const dtoColumns = {
  id: queueOptions.id,
  queueId: queueOptions.queueId,
  parentId: queueOptions.parentId,
  title: queueOptions.title,
  message: queueOptions.message,
  option: queueOptions.option,
  mediaPath: queueOptions.mediaPath,
  mediaName: queueOptions.mediaName,
  childrenCount,
};

type DtoRow = Omit<QueueOption, "parentId"> & { parentId: number | null };

/** Rows to the wire shape: a root's parent is the API's -1. */
function toDto(row: DtoRow): QueueOption {
  return { ...row, parentId: row.parentId ?? ROOT_OPTION_PARENT };
}

const sameLevel = (companyId: number, queueId: number, parentId: number | null) =>
  and(eq(queueOptions.companyId, companyId), eq(queueOptions.queueId, queueId), parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId));

/** One level of a queue's tree (`parentId` null = the roots), in the order the bot numbers it. */
export async function listOptionLevel(db: Db, companyId: number, queueId: number, parentId: number | null): Promise<QueueOption[]> {
  const rows = await db
    .select(dtoColumns)
    .from(queueOptions)
    .where(sameLevel(companyId, queueId, parentId))
    .orderBy(asc(queueOptions.option), asc(queueOptions.id));
  return rows.map(toDto);
}

export async function findOption(db: Db, companyId: number, id: number): Promise<QueueOption | undefined> {
  const [row] = await db
    .select(dtoColumns)
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
  return row ? toDto(row) : undefined;
}

export async function findOptionRow(db: Db, companyId: number, id: number): Promise<QueueOptionRow | undefined> {
  const [row] = await db
    .select({
      id: queueOptions.id,
      queueId: queueOptions.queueId,
      parentId: queueOptions.parentId,
      option: queueOptions.option,
      title: queueOptions.title,
      message: queueOptions.message,
      mediaPath: queueOptions.mediaPath,
      mediaName: queueOptions.mediaName,
    })
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
  return row;
}

/** The ids of one level, in their current order. */
export async function listSiblingIds(db: Db, companyId: number, queueId: number, parentId: number | null): Promise<number[]> {
  const rows = await db
    .select({ id: queueOptions.id })
    .from(queueOptions)
    .where(sameLevel(companyId, queueId, parentId))
    .orderBy(asc(queueOptions.option), asc(queueOptions.id));
  return rows.map((row) => row.id);
}

export async function countSiblings(db: Db, companyId: number, queueId: number, parentId: number | null): Promise<number> {
  const [row] = await db.select({ total: count() }).from(queueOptions).where(sameLevel(companyId, queueId, parentId));
  return row?.total ?? 0;
}

export async function insertOption(
  db: Db,
  companyId: number,
  values: { queueId: number; parentId: number | null; title: string; message: string; option: number },
): Promise<number> {
  const [row] = await db
    .insert(queueOptions)
    .values({ companyId, ...values })
    .returning({ id: queueOptions.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function updateOptionRow(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<{ title: string; message: string; option: number; mediaPath: string | null; mediaName: string | null }>,
): Promise<boolean> {
  const rows = await db
    .update(queueOptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
    .returning({ id: queueOptions.id });
  return rows.length === 1;
}

/** Gives the options of `orderedIds` the positions 1..n in that order (only the ones that change are written). */
export async function renumberOptions(db: Db, companyId: number, orderedIds: readonly number[], current: ReadonlyMap<number, number>): Promise<void> {
  for (const [index, id] of orderedIds.entries()) {
    if (current.get(id) !== index + 1) await updateOptionRow(db, companyId, id, { option: index + 1 });
  }
}

/** The current position of each option of a level. */
export async function optionPositions(db: Db, companyId: number, queueId: number, parentId: number | null): Promise<Map<number, number>> {
  const rows = await db.select({ id: queueOptions.id, option: queueOptions.option }).from(queueOptions).where(sameLevel(companyId, queueId, parentId));
  return new Map(rows.map((row) => [row.id, row.option]));
}

/** The media files held by an option and every option under it (walked level by level). */
export async function subtreeMediaPaths(db: Db, companyId: number, id: number): Promise<string[]> {
  const paths: string[] = [];
  let level = await db
    .select({ id: queueOptions.id, mediaPath: queueOptions.mediaPath })
    .from(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)));
  while (level.length > 0) {
    for (const row of level) if (row.mediaPath) paths.push(row.mediaPath);
    level = await db
      .select({ id: queueOptions.id, mediaPath: queueOptions.mediaPath })
      .from(queueOptions)
      .where(and(eq(queueOptions.companyId, companyId), inArray(queueOptions.parentId, level.map((row) => row.id))));
  }
  return paths;
}

/** Deletes an option; the options under it go with it (cascade). */
export async function deleteOptionRow(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(queueOptions)
    .where(and(eq(queueOptions.companyId, companyId), eq(queueOptions.id, id)))
    .returning({ id: queueOptions.id });
  return rows.length === 1;
}
