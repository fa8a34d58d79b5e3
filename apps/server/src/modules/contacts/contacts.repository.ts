import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Contact } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { contactExtraInfo, contacts } from "../../db/schema/index.ts";

export const CONTACTS_PAGE_SIZE = 20;

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

export async function searchContactIds(db: Db, companyId: number, searchParam: string | undefined, pageNumber: number): Promise<{ ids: number[]; count: number }> {
  const search = searchParam?.trim().toLowerCase();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const digits = search?.replace(/\D/g, "") ?? "";
  const where = and(
    eq(contacts.companyId, companyId),
    pattern ? or(ilike(contacts.name, pattern), digits.length >= 3 ? ilike(contacts.number, `%${digits}%`) : undefined, ilike(contacts.email, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select({ id: contacts.id }).from(contacts).where(where).orderBy(asc(contacts.name), asc(contacts.id)).limit(CONTACTS_PAGE_SIZE).offset((pageNumber - 1) * CONTACTS_PAGE_SIZE),
    db.select({ count: sql<number>`count(*)::int` }).from(contacts).where(where),
  ]);
  return { ids: rows.map((r) => r.id), count: total?.count ?? 0 };
}
