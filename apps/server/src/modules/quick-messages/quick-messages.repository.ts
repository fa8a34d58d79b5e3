import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import type { QuickMessage } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { quickMessages } from "../../db/schema/index.ts";

export const QUICK_MESSAGES_PAGE_SIZE = 20;

type QuickMessageRow = typeof quickMessages.$inferSelect;

export function toQuickMessage(row: QuickMessageRow): QuickMessage {
  return {
    id: row.id,
    shortcode: row.shortcode,
    message: row.message,
    geral: row.geral,
    status: row.status,
    isMedia: row.isMedia,
    mediaPath: row.mediaPath ? `/media/${row.mediaPath}` : null,
    mediaName: row.mediaName,
    userId: row.userId,
  };
}

/** Rows the user may see: the company's shared ones and their own. */
function visibleTo(companyId: number, userId: number) {
  return and(eq(quickMessages.companyId, companyId), or(eq(quickMessages.geral, true), eq(quickMessages.userId, userId)));
}

/** Active quick replies the user may use, by shortcode (the conversation's "/" list). */
export async function listUsableRows(db: Db, companyId: number, userId: number): Promise<QuickMessage[]> {
  const rows = await db
    .select()
    .from(quickMessages)
    .where(and(visibleTo(companyId, userId), eq(quickMessages.status, true)))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return rows.map(toQuickMessage);
}

/** A page of the quick replies the user may see, searched by shortcode or message. */
export async function listVisiblePage(
  db: Db,
  companyId: number,
  userId: number,
  searchParam: string | undefined,
  pageNumber: number,
): Promise<{ records: QuickMessage[]; hasMore: boolean }> {
  const term = searchParam?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select()
    .from(quickMessages)
    .where(and(visibleTo(companyId, userId), pattern ? or(ilike(quickMessages.shortcode, pattern), ilike(quickMessages.message, pattern)) : undefined))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
    .limit(QUICK_MESSAGES_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE);
  return { records: rows.slice(0, QUICK_MESSAGES_PAGE_SIZE).map(toQuickMessage), hasMore: rows.length > QUICK_MESSAGES_PAGE_SIZE };
}

/** A quick reply of the company, whoever owns it (the service applies visibility). */
export async function findQuickMessage(db: Db, companyId: number, id: number): Promise<QuickMessage | undefined> {
  const [row] = await db
    .select()
    .from(quickMessages)
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)));
  return row ? toQuickMessage(row) : undefined;
}

export interface QuickMessageValues {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

export async function insertQuickMessage(db: Db, companyId: number, userId: number, values: QuickMessageValues): Promise<QuickMessage> {
  const [row] = await db
    .insert(quickMessages)
    .values({ companyId, userId, ...values })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return toQuickMessage(row);
}

export async function updateQuickMessageRow(db: Db, companyId: number, id: number, values: QuickMessageValues): Promise<QuickMessage | undefined> {
  const [row] = await db
    .update(quickMessages)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
    .returning();
  return row ? toQuickMessage(row) : undefined;
}

/**
 * Sets or clears the attachment (`media` null clears it), locking the row so that two uploads never
 * lose track of a file. Answers the reply and the file it had before (for the caller to remove).
 */
export async function setQuickMessageMedia(
  db: Db,
  companyId: number,
  id: number,
  media: { fileName: string; name: string } | null,
): Promise<{ quickMessage: QuickMessage; previousFile: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const where = and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id));
    const [current] = await tx.select({ mediaPath: quickMessages.mediaPath }).from(quickMessages).where(where).for("update");
    if (!current) return undefined;
    const [row] = await tx
      .update(quickMessages)
      .set({ isMedia: media !== null, mediaPath: media?.fileName ?? null, mediaName: media?.name ?? null, updatedAt: sql`now()` })
      .where(where)
      .returning();
    return row ? { quickMessage: toQuickMessage(row), previousFile: current.mediaPath } : undefined;
  });
}

/** Deletes a quick reply; answers the file of its attachment (null without one), undefined when it did not exist. */
export async function deleteQuickMessageRow(db: Db, companyId: number, id: number): Promise<{ fileName: string | null } | undefined> {
  const [row] = await db
    .delete(quickMessages)
    .where(and(eq(quickMessages.companyId, companyId), eq(quickMessages.id, id)))
    .returning({ fileName: quickMessages.mediaPath });
  return row;
}
