import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { contacts, tickets } from "../../db/schema/index.ts";

/**
 * The contact of a number within the company, created when new (named as the campaign knows them,
 * a known contact keeps their name). Answers the contact's id.
 */
export async function campaignContactOf(tx: Db, companyId: number, recipient: { number: string; name: string; email: string }, whatsappId: number): Promise<number> {
  const [row] = await tx
    .insert(contacts)
    .values({ companyId, number: recipient.number, name: recipient.name.trim().slice(0, 100) || recipient.number, email: recipient.email, whatsappId })
    .onConflictDoUpdate({ target: [contacts.companyId, contacts.number], set: { updatedAt: sql`${contacts.updatedAt}` } })
    .returning({ id: contacts.id });
  if (!row) throw new Error("campaign contact upsert returned no row");
  return row.id;
}

/**
 * The ticket a campaign message goes into: the contact's open or pending one on the connection (its
 * attendant sees the message), else a closed campaign ticket, left out of every ticket list and count, so
 * that a campaign does not fill the inbox nor the Resolved tab; the customer's reply opens a pending
 * ticket whose conversation shows the campaign message above it.
 */
export async function campaignTicketOf(tx: Db, companyId: number, contactId: number, whatsappId: number, now: Date): Promise<number> {
  const [active] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId), inArray(tickets.status, ["open", "pending"])))
    .orderBy(desc(tickets.id))
    .limit(1);
  if (active) return active.id;
  const [created] = await tx
    .insert(tickets)
    .values({ companyId, contactId, whatsappId, status: "closed", origin: "campaign", closedAt: now, createdAt: now, updatedAt: now })
    .returning({ id: tickets.id });
  if (!created) throw new Error("campaign ticket insert returned no row");
  return created.id;
}
