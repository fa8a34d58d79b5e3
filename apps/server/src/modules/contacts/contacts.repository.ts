import { type SQL, and, asc, eq, gt, gte, ilike, inArray, lt, or, sql } from "drizzle-orm";
import type { Contact, ContactRef, ExportContactsQuery } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { foldedColumnContainsWords, foldedContains } from "../../db/search.ts";
import { companies, contactExtraInfo, contacts, tickets } from "../../db/schema/index.ts";

export const CONTACTS_PAGE_SIZE = 20;

export type ContactRow = typeof contacts.$inferSelect;

export async function loadContacts(db: Db, companyId: number, ids: number[]): Promise<Contact[]> {
  if (ids.length === 0) return [];
  const [rows, extras] = await Promise.all([
    db.select().from(contacts).where(and(eq(contacts.companyId, companyId), inArray(contacts.id, ids))),
    db.select().from(contactExtraInfo).where(and(eq(contactExtraInfo.companyId, companyId), inArray(contactExtraInfo.contactId, ids))).orderBy(asc(contactExtraInfo.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        uuid: r.uuid,
        name: r.name,
        number: r.number,
        email: r.email,
        profilePicUrl: r.profilePicUrl,
        isGroup: r.isGroup,
        whatsappId: r.whatsappId,
        extraInfo: extras.filter((e) => e.contactId === id).map((e) => ({ id: e.id, name: e.name, value: e.value })),
        createdAt: r.createdAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
      },
    ];
  });
}

/** The IANA time zone the company's days are counted in. */
export async function companyTimezone(db: Db, companyId: number): Promise<string> {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return row?.timezone ?? "America/Sao_Paulo";
}

/** The first instant of a day (`YYYY-MM-DD`, plus `addDays`) in a time zone, as SQL. */
function dayStart(day: string, timezone: string, addDays = 0): SQL {
  return sql`((${day}::date + ${addDays}::int)::timestamp at time zone ${timezone})`;
}

/**
 * The one filter of the contacts list and its export: the company, a search by name, e-mail or
 * (3 digits or more) number, and the creation day(s) in the company's time zone.
 */
export function contactFilterWhere(companyId: number, filters: ExportContactsQuery, timezone: string): SQL {
  const search = filters.searchParam?.trim().toLowerCase();
  const digits = search?.replace(/\D/g, "") ?? "";
  const conditions: (SQL | undefined)[] = [eq(contacts.companyId, companyId)];
  // Names (every word typed, in any order) and e-mails without regard to accents or case.
  if (search) conditions.push(or(foldedColumnContainsWords(contacts.nameFolded, search), digits.length >= 3 ? ilike(contacts.number, `%${digits}%`) : undefined, foldedContains(contacts.email, search)));
  if (filters.date) conditions.push(gte(contacts.createdAt, dayStart(filters.date, timezone)), lt(contacts.createdAt, dayStart(filters.date, timezone, 1)));
  if (filters.dateStart) conditions.push(gte(contacts.createdAt, dayStart(filters.dateStart, timezone)));
  if (filters.dateEnd) conditions.push(lt(contacts.createdAt, dayStart(filters.dateEnd, timezone, 1)));
  return and(...conditions) ?? sql`true`;
}

/** One page of contact ids by name, and the number of contacts that match. */
export async function searchContactIds(db: Db, where: SQL, pageNumber: number): Promise<{ ids: number[]; count: number }> {
  const [rows, [total]] = await Promise.all([
    db.select({ id: contacts.id }).from(contacts).where(where).orderBy(asc(contacts.name), asc(contacts.id)).limit(CONTACTS_PAGE_SIZE).offset((pageNumber - 1) * CONTACTS_PAGE_SIZE),
    db.select({ count: sql<number>`count(*)::int` }).from(contacts).where(where),
  ]);
  return { ids: rows.map((r) => r.id), count: total?.count ?? 0 };
}

/** Up to `limit` contacts of the company by name, in the short shape tickets embed. */
export async function listContactRefs(db: Db, companyId: number, limit: number): Promise<ContactRef[]> {
  return db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email, profilePicUrl: contacts.profilePicUrl, isGroup: contacts.isGroup })
    .from(contacts)
    .where(eq(contacts.companyId, companyId))
    .orderBy(asc(contacts.name), asc(contacts.id))
    .limit(limit);
}

export async function findContactIdByNumber(db: Db, companyId: number, number: string): Promise<number | undefined> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
  return row?.id;
}

/** The contact's row, locked until the transaction ends; undefined when the company has no such contact. */
export async function lockContact(tx: Db, companyId: number, id: number): Promise<ContactRow | undefined> {
  const [row] = await tx.select().from(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id))).for("update");
  return row;
}


/** Inserts a contact; undefined when the company already has the number. */
export async function insertContact(tx: Db, companyId: number, values: { name: string; number: string; email: string }): Promise<number | undefined> {
  const [row] = await tx
    .insert(contacts)
    .values({ companyId, ...values })
    .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
    .returning({ id: contacts.id });
  return row?.id;
}

export async function updateContactRow(tx: Db, companyId: number, id: number, values: { name: string; number: string; email: string }): Promise<void> {
  await tx
    .update(contacts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
}

/** Replaces the contact's extra information with `items`, in their order. */
export async function replaceExtraInfo(tx: Db, companyId: number, contactId: number, items: readonly { name: string; value: string }[]): Promise<void> {
  await tx.delete(contactExtraInfo).where(and(eq(contactExtraInfo.companyId, companyId), eq(contactExtraInfo.contactId, contactId)));
  if (items.length > 0) await tx.insert(contactExtraInfo).values(items.map((item) => ({ companyId, contactId, name: item.name, value: item.value })));
}

/** The contact's tickets (id and status), before they go with it. */
export async function listContactTickets(tx: Db, companyId: number, contactId: number): Promise<{ id: number; status: string; queueId: number | null; userId: number | null }[]> {
  return tx
    .select({ id: tickets.id, status: tickets.status, queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)));
}

/**
 * Deletes the contact; the database deletes its extra information, tickets (and with them their
 * messages, notes, tags, ratings), and schedules by cascade.
 */
export async function deleteContactRow(tx: Db, companyId: number, id: number): Promise<void> {
  await tx.delete(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, id)));
}

/** Up to `limit` contacts matching `where` with an id above `afterId`, by id (the export's pages). */
export async function exportPage(db: Db, where: SQL, afterId: number, limit: number): Promise<{ id: number; name: string; number: string; email: string }[]> {
  return db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number, email: contacts.email })
    .from(contacts)
    .where(and(where, gt(contacts.id, afterId)))
    .orderBy(asc(contacts.id))
    .limit(limit);
}

/** Whether any contact matches `where`. */
export async function anyContact(db: Db, where: SQL): Promise<boolean> {
  const rows = await db.select({ id: contacts.id }).from(contacts).where(where).limit(1);
  return rows.length > 0;
}
