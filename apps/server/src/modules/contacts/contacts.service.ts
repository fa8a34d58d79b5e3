import {
  CONTACTS_LIST_LIMIT,
  type Contact,
  type ContactBody,
  type ContactsListResponse,
  type ExportContactsQuery,
  type ListContactsQuery,
  type ListContactsResponse,
  withDefaultCountryCode,
} from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { recordAudit } from "../audit/index.ts";
import { settingValueOf } from "../settings/index.ts";
import { canDeleteContact } from "./contacts.policy.ts";
import {
  CONTACTS_PAGE_SIZE,
  anyContact,
  companyTimezone,
  contactFilterWhere,
  deleteContactRow,
  exportPage,
  findContactIdByNumber,
  insertContact,
  listContactRefs,
  listContactTickets,
  loadContacts,
  lockContact,
  replaceExtraInfo,
  searchContactIds,
  updateContactRow,
} from "./contacts.repository.ts";
import { CSV_BOM, csvLine } from "./csv.ts";

interface Deps {
  db: Db;
  events: DomainEvents;
}

/** A number typed in the contact form as stored: with the company's default calling code when it had none. */
async function typedNumberOf(db: Db, companyId: number, typed: string): Promise<string> {
  return withDefaultCountryCode(typed, await settingValueOf(db, companyId, "defaultCountryCode"));
}

const notFound = () => new AppError("ERR_NO_CONTACT_FOUND", undefined, "Contact not found");

/** ERR_DUPLICATED_CONTACT with `alreadyExists` and the contact that has the number (core §7). */
async function duplicated(db: Db, companyId: number, number: string): Promise<AppError> {
  const existingId = await findContactIdByNumber(db, companyId, number);
  const [existingContact] = existingId === undefined ? [] : await loadContacts(db, companyId, [existingId]);
  return new AppError("ERR_DUPLICATED_CONTACT", { alreadyExists: true, existingContact }, "A contact with this number exists");
}

/** The company's contacts by name, 20 a page, searched by name, number or e-mail and filtered by creation day. */
export async function listContacts(deps: Deps, ctx: RequestContext, query: ListContactsQuery): Promise<ListContactsResponse> {
  const where = contactFilterWhere(ctx.companyId, query, await companyTimezone(deps.db, ctx.companyId));
  const { ids, count } = await searchContactIds(deps.db, where, query.pageNumber);
  return { contacts: await loadContacts(deps.db, ctx.companyId, ids), count, hasMore: query.pageNumber * CONTACTS_PAGE_SIZE < count };
}

/** GET /contacts/list: the company's first CONTACTS_LIST_LIMIT contacts by name; `hasMore` when there are others. */
export async function listAllContacts(deps: Deps, ctx: RequestContext): Promise<ContactsListResponse> {
  const rows = await listContactRefs(deps.db, ctx.companyId, CONTACTS_LIST_LIMIT + 1);
  return { contacts: rows.slice(0, CONTACTS_LIST_LIMIT), hasMore: rows.length > CONTACTS_LIST_LIMIT };
}

/** One contact with its extra information. Throws ERR_NO_CONTACT_FOUND. */
export async function showContact(deps: Deps, ctx: RequestContext, id: number): Promise<Contact> {
  const [contact] = await loadContacts(deps.db, ctx.companyId, [id]);
  if (!contact) throw notFound();
  return contact;
}

/**
 * Creates a contact with its number as digits (with the company's default calling code when typed without one)
 * and its extra information. A number the company already has answers ERR_DUPLICATED_CONTACT with
 * `alreadyExists` and the existing contact.
 */
export async function createContact(deps: Deps, ctx: RequestContext, body: ContactBody): Promise<Contact> {
  const number = await typedNumberOf(deps.db, ctx.companyId, body.number);
  const id = await deps.db.transaction(async (tx) => {
    const newId = await insertContact(tx, ctx.companyId, { name: body.name, number, email: body.email ?? "" });
    if (newId !== undefined) await replaceExtraInfo(tx, ctx.companyId, newId, body.extraInfo ?? []);
    return newId;
  });
  if (id === undefined) throw await duplicated(deps.db, ctx.companyId, number);
  const contact = await showContact(deps, ctx, id);
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "contact", action: "create", record: contact });
  return contact;
}

/**
 * Changes a contact's name, number (completed as on creation) and e-mail (absent: kept) and, when `extraInfo`
 * is given, replaces its extra information, in one transaction. A group keeps its number.
 * Throws ERR_NO_CONTACT_FOUND, ERR_DUPLICATED_CONTACT.
 */
export async function updateContact(deps: Deps, ctx: RequestContext, id: number, body: ContactBody): Promise<Contact> {
  const { companyId } = ctx;
  const typed = await typedNumberOf(deps.db, companyId, body.number);
  const outcome = await deps.db
    .transaction(async (tx) => {
      const row = await lockContact(tx, companyId, id);
      if (!row) throw notFound();
      const number = row.isGroup ? row.number : typed;
      const owner = await findContactIdByNumber(tx, companyId, number);
      if (owner !== undefined && owner !== id) return "duplicated" as const;
      await updateContactRow(tx, companyId, id, { name: body.name, number, email: body.email ?? row.email });
      if (body.extraInfo) await replaceExtraInfo(tx, companyId, id, body.extraInfo);
      return "updated" as const;
    })
    // A contact created with the number meanwhile (a customer writing) trips the unique index.
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) return "duplicated" as const;
      throw error;
    });
  if (outcome === "duplicated") throw await duplicated(deps.db, companyId, typed);
  const contact = await showContact(deps, ctx, id);
  deps.events.publish("contact.updated", { companyId, contact });
  return contact;
}

/**
 * Deletes a contact with its tickets (their messages, notes and tags go with them) and schedules, in
 * one transaction; open inbox lists are told each ticket is gone. Requires contacts-page:deleteContact.
 * Throws ERR_NO_PERMISSION, ERR_NO_CONTACT_FOUND.
 */
export async function deleteContact(deps: Deps, ctx: RequestContext, id: number): Promise<void> {
  if (!canDeleteContact(ctx)) throw new AppError("ERR_NO_PERMISSION");
  const { companyId } = ctx;
  const removedTickets = await deps.db.transaction(async (tx) => {
    if (!(await lockContact(tx, companyId, id))) throw notFound();
    const ticketsOfContact = await listContactTickets(tx, companyId, id);
    await deleteContactRow(tx, companyId, id);
    await recordAudit(tx, ctx, { action: "contact.delete", target: { type: "contact", id } });
    return ticketsOfContact;
  });
  for (const ticket of removedTickets) {
    const status = ticket.status === "open" || ticket.status === "closed" ? ticket.status : "pending";
    deps.events.publish("ticket.deleted", { companyId, ticketId: ticket.id, status, queueId: ticket.queueId, userId: ticket.userId });
  }
  deps.events.publish("record.changed", { companyId, channel: "contact", action: "delete", record: { id } });
}

/** Contacts written per page of the export. */
const EXPORT_PAGE_SIZE = 500;

/**
 * GET /contacts/export: the contacts matching the list's filters as CSV lines (header name;number;email),
 * read page by page as the answer streams; undefined when none matches (the page says 'Sem dados').
 */
export async function exportContacts(deps: Deps, ctx: RequestContext, query: ExportContactsQuery): Promise<AsyncIterable<string> | undefined> {
  const where = contactFilterWhere(ctx.companyId, query, await companyTimezone(deps.db, ctx.companyId));
  if (!(await anyContact(deps.db, where))) return undefined;
  return (async function* lines() {
    yield CSV_BOM + csvLine(["name", "number", "email"]);
    let afterId = 0;
    for (;;) {
      const page = await exportPage(deps.db, where, afterId, EXPORT_PAGE_SIZE);
      if (page.length === 0) return;
      yield page.map((contact) => csvLine([contact.name, contact.number, contact.email])).join("");
      afterId = page.at(-1)?.id ?? afterId;
    }
  })();
}
