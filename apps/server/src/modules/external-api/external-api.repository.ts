import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { companies, connections, contacts, tickets } from "../../db/schema/index.ts";

/** A connection whose token matched the digest of a presented one, with what decides whether it may send. */
export interface TokenCandidate {
  connectionId: number;
  companyId: number;
  token: string;
  companyStatus: boolean;
  companyDueDate: Date | null;
}

/**
 * The connection whose token has the same digest as `token`: at most one, by the unique index on the
 * digest (`connections_token_unique`). The caller compares the tokens themselves in constant time.
 */
export async function findTokenCandidate(db: Db, token: string): Promise<TokenCandidate | undefined> {
  const [row] = await db
    .select({ connectionId: connections.id, companyId: connections.companyId, token: connections.token, companyStatus: companies.status, companyDueDate: companies.dueDate })
    .from(connections)
    .innerJoin(companies, eq(companies.id, connections.companyId))
    .where(sql`md5(${connections.token}) = md5(${token}) and ${connections.token} <> ''`);
  return row && row.token !== null ? { ...row, token: row.token } : undefined;
}

/** The company's contact with this number, or a new one named after it (created: true). */
export async function findOrCreateContact(db: Db, companyId: number, number: string, connectionId: number): Promise<{ id: number; isGroup: boolean; created: boolean }> {
  const [inserted] = await db
    .insert(contacts)
    .values({ companyId, name: number, number, whatsappId: connectionId })
    .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
    .returning({ id: contacts.id, isGroup: contacts.isGroup });
  if (inserted) return { ...inserted, created: true };
  const [existing] = await db
    .select({ id: contacts.id, isGroup: contacts.isGroup })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.number, number)));
  if (!existing) throw new Error("contact neither inserted nor found");
  return { ...existing, created: false };
}

/**
 * The connection's provider and the customer's last message on the contact's active ticket there (null
 * without a contact or an active ticket): what the official line's 24-hour window of a send depends on.
 */
export async function officialLineWindowOf(db: Db, companyId: number, connectionId: number, number: string): Promise<{ provider: string | null; lastCustomerMessageAt: Date | null }> {
  const [connection] = await db.select({ provider: connections.provider }).from(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));
  const [ticket] = await db
    .select({ lastCustomerMessageAt: tickets.lastCustomerMessageAt })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(eq(tickets.companyId, companyId), eq(contacts.companyId, companyId), eq(contacts.number, number), eq(tickets.whatsappId, connectionId), inArray(tickets.status, ["open", "pending"])));
  return { provider: connection?.provider ?? null, lastCustomerMessageAt: ticket?.lastCustomerMessageAt ?? null };
}
