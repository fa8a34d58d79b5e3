import { and, eq } from "drizzle-orm";
import type { Contact, ContactBody } from "@conversa/shared";
import { contactExtraInfo, contacts } from "../../db/schema/index.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { CONTACTS_PAGE_SIZE, loadContacts, searchContactIds } from "./contacts.repository.ts";

type Deps = Pick<EngineDeps, "db" | "events">;

/** The company's contacts, searched by name, number or e-mail, 20 a page. */
export async function listContacts(deps: Deps, ctx: RequestContext, query: { searchParam?: string; pageNumber: number }) {
  const { ids, count } = await searchContactIds(deps.db, ctx.companyId, query.searchParam, query.pageNumber);
  return { contacts: await loadContacts(deps.db, ctx.companyId, ids), count, hasMore: query.pageNumber * CONTACTS_PAGE_SIZE < count };
}

/** One contact with its extra information. Throws ERR_NO_CONTACT_FOUND. */
export async function showContact(deps: Deps, ctx: RequestContext, id: number): Promise<Contact> {
  const [contact] = await loadContacts(deps.db, ctx.companyId, [id]);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND");
  return contact;
}

/**
 * Creates a contact with its number as digits. A number the company already has answers
 * ERR_DUPLICATED_CONTACT with `alreadyExists` and the existing contact in the details.
 */
export async function createContact(deps: Deps, ctx: RequestContext, body: ContactBody): Promise<Contact> {
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({ companyId: ctx.companyId, name: body.name, number: body.number, email: body.email ?? "" })
      .onConflictDoNothing({ target: [contacts.companyId, contacts.number] })
      .returning({ id: contacts.id });
    if (!row) return undefined;
    if (body.extraInfo?.length) {
      await tx.insert(contactExtraInfo).values(body.extraInfo.map((e) => ({ companyId: ctx.companyId, contactId: row.id, name: e.name, value: e.value })));
    }
    return row.id;
  });
  if (id === undefined) {
    const [existing] = await deps.db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.number, body.number)));
    const [existingContact] = existing ? await loadContacts(deps.db, ctx.companyId, [existing.id]) : [];
    throw new AppError("ERR_DUPLICATED_CONTACT", { alreadyExists: true, existingContact });
  }
  const contact = await showContact(deps, ctx, id);
  deps.events.publish("contact.updated", { companyId: ctx.companyId, contact });
  return contact;
}
