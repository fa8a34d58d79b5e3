import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { ANNOUNCEMENTS_PAGE_SIZE, type Announcement, type AnnouncementPriority } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { announcements } from "../../db/schema/index.ts";

type AnnouncementRow = typeof announcements.$inferSelect;

/** The URL under which an announcement's image is served (GET /media/announcements/{file}). */
export const announcementMediaUrl = (fileName: string) => `/media/announcements/${fileName}`;

function priorityOf(value: number): AnnouncementPriority {
  return value === 1 || value === 2 ? value : 3;
}

export function toAnnouncement(row: AnnouncementRow): Announcement {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    priority: priorityOf(row.priority),
    status: row.status,
    mediaPath: row.mediaPath ? announcementMediaUrl(row.mediaPath) : null,
    mediaName: row.mediaName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The values a body writes (already validated and trimmed). */
export interface AnnouncementValues {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
}

/** `%term%` for ILIKE, with the pattern characters of the term escaped. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A page of the installation's announcements, highest priority first and then newest, searched in
 * title and text; only the active ones unless `includeInactive` (super users).
 */
export async function listAnnouncementPage(
  db: Db,
  options: { searchParam: string | undefined; pageNumber: number; includeInactive: boolean },
): Promise<{ records: Announcement[]; count: number; hasMore: boolean }> {
  const term = options.searchParam?.trim();
  const where = and(
    options.includeInactive ? undefined : eq(announcements.status, true),
    term ? or(ilike(announcements.title, containsPattern(term)), ilike(announcements.text, containsPattern(term))) : undefined,
  );
  const offset = (options.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db.select().from(announcements).where(where).orderBy(asc(announcements.priority), desc(announcements.id)).limit(ANNOUNCEMENTS_PAGE_SIZE).offset(offset),
    db.select({ value: count() }).from(announcements).where(where),
  ]);
  const all = total?.value ?? 0;
  return { records: rows.map(toAnnouncement), count: all, hasMore: offset + rows.length < all };
}

/** An announcement, active or not (the service applies visibility). */
export async function findAnnouncement(db: Db, id: number): Promise<Announcement | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row ? toAnnouncement(row) : undefined;
}

export async function insertAnnouncement(db: Db, values: AnnouncementValues): Promise<Announcement> {
  const [row] = await db.insert(announcements).values(values).returning();
  return toAnnouncement(row!);
}

/**
 * Replaces an announcement's fields under a row lock held until the end of the transaction `tx`; answers
 * it before and after, undefined when there is none with this id.
 */
export async function updateAnnouncementRow(tx: Db, id: number, values: AnnouncementValues): Promise<{ before: Announcement; after: Announcement } | undefined> {
  const [current] = await tx.select().from(announcements).where(eq(announcements.id, id)).for("update");
  if (!current) return undefined;
  const [row] = await tx
    .update(announcements)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(announcements.id, id))
    .returning();
  return row ? { before: toAnnouncement(current), after: toAnnouncement(row) } : undefined;
}

/**
 * Sets (or with null clears) an announcement's image, under a row lock held until the end of the
 * transaction `tx`, so that two uploads cannot both lose track of a file. Answers the announcement and
 * the stored file and name it had before (the caller removes the file once committed).
 */
export async function setAnnouncementMedia(
  tx: Db,
  id: number,
  media: { fileName: string; name: string } | null,
): Promise<{ announcement: Announcement; previousFile: string | null; previousName: string | null } | undefined> {
  const [current] = await tx
    .select({ mediaPath: announcements.mediaPath, mediaName: announcements.mediaName })
    .from(announcements)
    .where(eq(announcements.id, id))
    .for("update");
  if (!current) return undefined;
  const [row] = await tx
    .update(announcements)
    .set({ mediaPath: media?.fileName ?? null, mediaName: media?.name ?? null, updatedAt: sql`now()` })
    .where(eq(announcements.id, id))
    .returning();
  return row ? { announcement: toAnnouncement(row), previousFile: current.mediaPath, previousName: current.mediaName } : undefined;
}

/** Deletes an announcement; answers it and the file of its image (null without one), undefined when it did not exist. */
export async function deleteAnnouncementRow(db: Db, id: number): Promise<{ announcement: Announcement; fileName: string | null } | undefined> {
  const [row] = await db.delete(announcements).where(eq(announcements.id, id)).returning();
  return row ? { announcement: toAnnouncement(row), fileName: row.mediaPath } : undefined;
}
