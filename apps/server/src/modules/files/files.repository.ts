import { and, asc, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { CAMPAIGN_PAGE_SIZE, type FileList } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { fileListOptions, fileLists } from "../../db/schema/index.ts";

type ListRow = typeof fileLists.$inferSelect;
type OptionRow = typeof fileListOptions.$inferSelect;

function toFileList(row: ListRow, options: OptionRow[]): FileList {
  return {
    id: row.id,
    name: row.name,
    message: row.message,
    userId: row.userId,
    options: options.map((option) => ({ id: option.id, name: option.name, path: option.path ? `/media/${option.path}` : null, mediaType: option.mediaType })),
  };
}

async function withOptions(db: Db, companyId: number, rows: ListRow[]): Promise<FileList[]> {
  if (rows.length === 0) return [];
  const options = await db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), inArray(fileListOptions.fileListId, rows.map((row) => row.id))))
    .orderBy(asc(fileListOptions.id));
  return rows.map((row) => toFileList(row, options.filter((option) => option.fileListId === row.id)));
}

export async function findFileList(db: Db, companyId: number, id: number): Promise<FileList | undefined> {
  const [row] = await db.select().from(fileLists).where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)));
  return row ? (await withOptions(db, companyId, [row]))[0] : undefined;
}

/** A page of the company's file lists by name, searched by name. */
export async function listFileListsPage(db: Db, companyId: number, searchParam: string | undefined, pageNumber: number): Promise<{ files: FileList[]; count: number; hasMore: boolean }> {
  const term = searchParam?.trim();
  const where = and(eq(fileLists.companyId, companyId), term ? ilike(fileLists.name, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(fileLists)
      .where(where)
      .orderBy(asc(sql`lower(${fileLists.name})`), desc(fileLists.id))
      .limit(CAMPAIGN_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * CAMPAIGN_PAGE_SIZE),
    db.select({ count: sql<number>`count(*)::int` }).from(fileLists).where(where),
  ]);
  return { files: await withOptions(db, companyId, rows.slice(0, CAMPAIGN_PAGE_SIZE)), count: Number(total[0]?.count ?? 0), hasMore: rows.length > CAMPAIGN_PAGE_SIZE };
}

/** The stored files of a list's options (to remove them with it). */
export async function listOptionFiles(db: Db, companyId: number, fileListId: number): Promise<{ id: number; path: string | null }[]> {
  return db
    .select({ id: fileListOptions.id, path: fileListOptions.path })
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.fileListId, fileListId)))
    .orderBy(asc(fileListOptions.id));
}
