import { asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { type Help, HELPS_PAGE_SIZE } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { helps } from "../../db/schema/index.ts";

/** The columns of a help video as the API shows it. */
const helpColumns = { id: helps.id, title: helps.title, video: helps.video, description: helps.description };

/** The values a body writes: title, video code and description (already validated and trimmed). */
export interface HelpValues {
  title: string;
  video: string;
  description: string;
}

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of the installation's help videos by title, searched in title and description. */
export async function listHelpPage(db: Db, searchParam: string | undefined, pageNumber: number): Promise<{ helps: Help[]; count: number; hasMore: boolean }> {
  const term = searchParam?.trim();
  const where = term ? or(ilike(helps.title, containsPattern(term)), ilike(helps.description, containsPattern(term))) : undefined;
  const offset = (pageNumber - 1) * HELPS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db.select(helpColumns).from(helps).where(where).orderBy(asc(helps.title), asc(helps.id)).limit(HELPS_PAGE_SIZE).offset(offset),
    db.select({ value: count() }).from(helps).where(where),
  ]);
  const all = total?.value ?? 0;
  return { helps: rows, count: all, hasMore: offset + rows.length < all };
}

/** Every help video of the installation by title (the /helps gallery and the Ajuda tab). */
export function listHelpRows(db: Db): Promise<Help[]> {
  return db.select(helpColumns).from(helps).orderBy(asc(helps.title), asc(helps.id));
}

export async function insertHelp(db: Db, values: HelpValues): Promise<Help> {
  const [row] = await db.insert(helps).values(values).returning(helpColumns);
  return row!;
}

/** A help video, its row locked until the end of the transaction `tx`. */
export async function lockHelpRow(tx: Db, id: number): Promise<Help | undefined> {
  const [row] = await tx.select(helpColumns).from(helps).where(eq(helps.id, id)).for("update");
  return row;
}

/** Replaces a help video's fields; undefined when there is none with this id. */
export async function updateHelpRow(db: Db, id: number, values: HelpValues): Promise<Help | undefined> {
  const [row] = await db
    .update(helps)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(helps.id, id))
    .returning(helpColumns);
  return row;
}

/** Deletes a help video; answers it, undefined when there is none with this id. */
export async function deleteHelpRow(db: Db, id: number): Promise<Help | undefined> {
  const [row] = await db.delete(helps).where(eq(helps.id, id)).returning(helpColumns);
  return row;
}
