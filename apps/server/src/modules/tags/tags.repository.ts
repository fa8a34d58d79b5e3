import { and, asc, eq, ilike, sql } from "drizzle-orm";
import type { Tag, TagRecord } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { tags, ticketTags } from "../../db/schema/index.ts";

export const TAGS_PAGE_SIZE = 20;

const tagColumns = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban };
const recordColumns = { ...tagColumns, userId: tags.userId, ticketsCount: sql<number>`count(${ticketTags.ticketId})::int` };

export interface TagValues {
  name: string;
  color: string;
  kanban: number;
}


/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Tag rows with their ticket counts: one grouped query, whatever the number of tags. */
function selectRecords(db: Db) {
  return db
    .select(recordColumns)
    .from(tags)
    .leftJoin(ticketTags, and(eq(ticketTags.tagId, tags.id), eq(ticketTags.companyId, tags.companyId)))
    .groupBy(tags.id);
}

/** A page of the company's tags by name, searched by name. */
export async function listTagPage(db: Db, companyId: number, searchParam: string | undefined, pageNumber: number): Promise<{ tags: TagRecord[]; hasMore: boolean }> {
  const term = searchParam?.trim();
  const rows = await selectRecords(db)
    .where(and(eq(tags.companyId, companyId), term ? ilike(tags.name, containsPattern(term)) : undefined))
    .orderBy(asc(tags.name), asc(tags.id))
    .limit(TAGS_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * TAGS_PAGE_SIZE);
  return { tags: rows.slice(0, TAGS_PAGE_SIZE), hasMore: rows.length > TAGS_PAGE_SIZE };
}

export async function findTagRecord(db: Db, companyId: number, id: number): Promise<TagRecord | undefined> {
  const [row] = await selectRecords(db).where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
  return row;
}

/** Every tag of the company by name (the conversation's picker). */
export function listAllTags(db: Db, companyId: number): Promise<Tag[]> {
  return db.select(tagColumns).from(tags).where(eq(tags.companyId, companyId)).orderBy(asc(tags.name));
}

/** The company's kanban lanes: tags marked kanban, in the order its admins set, then those never placed by name. */
export function listKanbanTagRows(db: Db, companyId: number): Promise<Tag[]> {
  return db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
    .orderBy(sql`${tags.kanbanOrder} asc nulls last`, asc(tags.name), asc(tags.id));
}

/**
 * Places the company's kanban lanes in the order of `tagIds` (which must be all of them), in one transaction.
 * Answers the lanes' previous order, or undefined, changing nothing, when the ids are not exactly the
 * company's kanban tags.
 */
export function saveKanbanOrder(db: Db, companyId: number, tagIds: number[]): Promise<number[] | undefined> {
  return db.transaction(async (tx) => {
    // Locked, so that a lane added or removed meanwhile cannot leave the board half ordered.
    const lanes = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)))
      .orderBy(sql`${tags.kanbanOrder} asc nulls last`, asc(tags.name), asc(tags.id))
      .for("update");
    const known = new Set(lanes.map((lane) => lane.id));
    if (known.size !== tagIds.length || tagIds.some((id) => !known.has(id))) return undefined;
    for (const [position, id] of tagIds.entries()) {
      await tx.update(tags).set({ kanbanOrder: position }).where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
    }
    return lanes.map((lane) => lane.id);
  });
}

/** Inserts a tag; undefined when the company already has one with this name. */
export async function insertTag(db: Db, companyId: number, userId: number, values: TagValues): Promise<number | undefined> {
  const [row] = await db
    .insert(tags)
    .values({ companyId, userId, ...values })
    .onConflictDoNothing({ target: [tags.companyId, tags.name] })
    .returning({ id: tags.id });
  return row?.id;
}

/** Updates a tag: "updated", "missing", or "duplicate" when another tag of the company has the name. */
export async function updateTagRow(db: Db, companyId: number, id: number, values: TagValues): Promise<"updated" | "missing" | "duplicate"> {
  try {
    const rows = await db
      .update(tags)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
      .returning({ id: tags.id });
    return rows.length ? "updated" : "missing";
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

/** Deletes a tag (its ticket links go with it); whether it existed. */
export async function deleteTagRow(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}
