import { and, asc, eq, ilike, or, sql } from "drizzle-orm";
import { CAMPAIGN_PAGE_SIZE, type ContactList, type ContactListItem } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { contactListItems, contactLists } from "../../db/schema/index.ts";

type ListRow = typeof contactLists.$inferSelect;
type ItemRow = typeof contactListItems.$inferSelect;

const likePattern = (term: string | undefined) => {
  const trimmed = term?.trim();
  return trimmed ? `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
};

const listColumns = { id: contactLists.id, companyId: contactLists.companyId, name: contactLists.name, createdAt: contactLists.createdAt, updatedAt: contactLists.updatedAt };
// Written out with an alias: inside selected fields the builder leaves columns unqualified.
const counts = {
  contactsCount: sql<number>`(select count(*)::int from contact_list_items i where i.contact_list_id = "contact_lists"."id")`,
  validCount: sql<number>`(select count(*)::int from contact_list_items i where i.contact_list_id = "contact_lists"."id" and i.is_whatsapp_valid)`,
};

function toContactList(row: ListRow & { contactsCount: number; validCount: number }): ContactList {
  return {
    id: row.id,
    name: row.name,
    contactsCount: Number(row.contactsCount),
    validCount: Number(row.validCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toContactListItem(row: ItemRow): ContactListItem {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    companyId: row.companyId,
    contactListId: row.contactListId,
  };
}

export async function findContactList(db: Db, companyId: number, id: number): Promise<ContactList | undefined> {
  const [row] = await db
    .select({ ...listColumns, ...counts })
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
  return row ? toContactList(row) : undefined;
}

/** A page of the company's lists by name, searched by name. */
export async function listContactListsPage(db: Db, companyId: number, searchParam: string | undefined, pageNumber: number): Promise<{ records: ContactList[]; hasMore: boolean }> {
  const pattern = likePattern(searchParam);
  const rows = await db
    .select({ ...listColumns, ...counts })
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), pattern ? ilike(contactLists.name, pattern) : undefined))
    .orderBy(asc(sql`lower(${contactLists.name})`), asc(contactLists.id))
    .limit(CAMPAIGN_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * CAMPAIGN_PAGE_SIZE);
  return { records: rows.slice(0, CAMPAIGN_PAGE_SIZE).map(toContactList), hasMore: rows.length > CAMPAIGN_PAGE_SIZE };
}

/** Every list of the company by name (at most 1000: the campaign dialog's choices). */
export async function listAllContactLists(db: Db, companyId: number): Promise<ContactList[]> {
  const rows = await db
    .select({ ...listColumns, ...counts })
    .from(contactLists)
    .where(eq(contactLists.companyId, companyId))
    .orderBy(asc(sql`lower(${contactLists.name})`), asc(contactLists.id))
    .limit(1000);
  return rows.map(toContactList);
}

export async function insertContactList(db: Db, companyId: number, name: string): Promise<number> {
  const [row] = await db.insert(contactLists).values({ companyId, name }).returning({ id: contactLists.id });
  if (!row) throw new Error("contact list insert returned no row");
  return row.id;
}

export async function renameContactList(db: Db, companyId: number, id: number, name: string): Promise<boolean> {
  const rows = await db
    .update(contactLists)
    .set({ name, updatedAt: sql`now()` })
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)))
    .returning({ id: contactLists.id });
  return rows.length > 0;
}

export async function deleteContactListRow(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(contactLists).where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id))).returning({ id: contactLists.id });
  return rows.length > 0;
}

export async function findContactListItem(db: Db, companyId: number, id: number): Promise<ContactListItem | undefined> {
  const [row] = await db.select().from(contactListItems).where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)));
  return row ? toContactListItem(row) : undefined;
}

/** A page of a list's contacts by name, searched by name, number or e-mail. */
export async function listItemsPage(
  db: Db,
  companyId: number,
  contactListId: number,
  searchParam: string | undefined,
  pageNumber: number,
): Promise<{ contacts: ContactListItem[]; count: number; hasMore: boolean }> {
  const pattern = likePattern(searchParam?.toLowerCase());
  const where = and(
    eq(contactListItems.companyId, companyId),
    eq(contactListItems.contactListId, contactListId),
    pattern ? or(ilike(contactListItems.name, pattern), ilike(contactListItems.number, pattern), ilike(contactListItems.email, pattern)) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(contactListItems)
      .where(where)
      .orderBy(asc(sql`lower(${contactListItems.name})`), asc(contactListItems.id))
      .limit(CAMPAIGN_PAGE_SIZE + 1)
      .offset((pageNumber - 1) * CAMPAIGN_PAGE_SIZE),
    db.select({ count: sql<number>`count(*)::int` }).from(contactListItems).where(where),
  ]);
  return { contacts: rows.slice(0, CAMPAIGN_PAGE_SIZE).map(toContactListItem), count: Number(total[0]?.count ?? 0), hasMore: rows.length > CAMPAIGN_PAGE_SIZE };
}

export async function insertContactListItem(db: Db, companyId: number, values: { contactListId: number; name: string; number: string; email: string }): Promise<ContactListItem> {
  const [row] = await db.insert(contactListItems).values({ companyId, ...values }).returning();
  if (!row) throw new Error("contact list item insert returned no row");
  return toContactListItem(row);
}

/** Changes a list contact; a new number is checked again. */
export async function updateContactListItemRow(
  db: Db,
  companyId: number,
  id: number,
  values: { contactListId: number; name: string; number: string; email: string },
): Promise<ContactListItem | undefined> {
  const [row] = await db
    .update(contactListItems)
    .set({
      ...values,
      isWhatsappValid: sql`case when ${contactListItems.number} = ${values.number} then ${contactListItems.isWhatsappValid} else null end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)))
    .returning();
  return row ? toContactListItem(row) : undefined;
}

export async function deleteContactListItemRow(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(contactListItems).where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id))).returning({ id: contactListItems.id });
  return rows.length > 0;
}

/**
 * Adds (or, by number, updates) a batch of imported rows in one statement. A changed number is not
 * possible here (the number is the key); the validity of a known number is kept.
 */
export async function upsertItemsBatch(
  tx: Db,
  companyId: number,
  contactListId: number,
  rows: readonly { name: string; number: string; email: string }[],
): Promise<{ created: number; updated: number }> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const saved = await tx
    .insert(contactListItems)
    .values(rows.map((row) => ({ companyId, contactListId, name: row.name, number: row.number, email: row.email })))
    .onConflictDoUpdate({
      target: [contactListItems.contactListId, contactListItems.number],
      set: {
        name: sql`excluded.name`,
        email: sql`case when excluded.email = '' then ${contactListItems.email} else excluded.email end`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const created = saved.filter((row) => row.inserted).length;
  return { created, updated: saved.length - created };
}

/** The next numbers of a list the validity job has not checked yet. */
export async function listUncheckedItems(db: Db, companyId: number, contactListId: number, limit: number): Promise<{ id: number; number: string }[]> {
  return db
    .select({ id: contactListItems.id, number: contactListItems.number })
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.contactListId, contactListId), sql`${contactListItems.isWhatsappValid} is null`))
    .orderBy(asc(contactListItems.id))
    .limit(limit);
}

/** Records a number's validity; answers the item when it was still unchecked with the same number. */
export async function markItemValidity(db: Db, companyId: number, id: number, number: string, valid: boolean): Promise<ContactListItem | undefined> {
  const [row] = await db
    .update(contactListItems)
    .set({ isWhatsappValid: valid, updatedAt: sql`now()` })
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id), eq(contactListItems.number, number), sql`${contactListItems.isWhatsappValid} is null`))
    .returning();
  return row ? toContactListItem(row) : undefined;
}
