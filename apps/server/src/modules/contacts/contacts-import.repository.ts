import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { connections, contactExtraInfo, contacts } from "../../db/schema/index.ts";
import type { ImportCandidate } from "./import-rows.ts";

/** The connection an import reads the phone of: the given one, else the company's default one. */
export async function findImportConnection(db: Db, companyId: number, id: number | undefined): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: connections.id })
    .from(connections)
    .where(and(eq(connections.companyId, companyId), id === undefined ? eq(connections.isDefault, true) : eq(connections.id, id)))
    .orderBy(desc(connections.isDefault), asc(connections.id))
    .limit(1);
  return row;
}

/**
 * Creates or updates the rows' contacts by number in one statement. An existing contact takes the
 * row's name — unless the row's name is its number (a phone contact without a name) — and its
 * e-mail when the row has one. The rows' extra information replaces the contact's items of the same
 * names. The numbers of `rows` must be distinct. Answers how many were created and updated.
 */
export async function upsertImportBatch(tx: Db, companyId: number, rows: readonly ImportCandidate[], whatsappId: number | null): Promise<{ created: number; updated: number }> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const saved = await tx
    .insert(contacts)
    .values(rows.map((row) => ({ companyId, name: row.name, number: row.number, email: row.email, whatsappId })))
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.number],
      set: {
        name: sql`case when excluded.name = excluded.number then ${contacts.name} else excluded.name end`,
        email: sql`case when excluded.email = '' then ${contacts.email} else excluded.email end`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 on a row this statement inserted, and the updating transaction's id on one it updated.
    .returning({ id: contacts.id, number: contacts.number, inserted: sql<boolean>`(xmax = 0)` });

  const idOf = new Map(saved.map((row) => [row.number, row.id]));
  const extras = rows.flatMap((row) => {
    const contactId = idOf.get(row.number);
    return contactId === undefined ? [] : row.extraInfo.map((item) => ({ companyId, contactId, name: item.name, value: item.value }));
  });
  const updatedIds = new Set(saved.filter((row) => !row.inserted).map((row) => row.id));
  const updatedExtras = extras.filter((item) => updatedIds.has(item.contactId));
  if (updatedExtras.length > 0) {
    const pairs = sql.join(
      updatedExtras.map((item) => sql`(${item.contactId}::int, ${item.name.toLowerCase()}::text)`),
      sql`, `,
    );
    await tx
      .delete(contactExtraInfo)
      .where(and(eq(contactExtraInfo.companyId, companyId), sql`(${contactExtraInfo.contactId}, lower(${contactExtraInfo.name})) in (${pairs})`));
  }
  if (extras.length > 0) await tx.insert(contactExtraInfo).values(extras);

  const created = saved.filter((row) => row.inserted).length;
  return { created, updated: saved.length - created };
}
