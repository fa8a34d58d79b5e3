import type {
  ContactImportReport,
  ContactList,
  ContactListBody,
  ContactListItem,
  ContactListItemBody,
  ImportRejectedRow,
  ListContactListItemsQuery,
  ListContactListsQuery,
} from "@conversa/shared";
import { can, withDefaultCountryCode } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import { AppError } from "../../lib/app-error.ts";
import { recordAudit } from "../audit/index.ts";
import type { RequestContext } from "../../lib/context.ts";
import {
  type ImportLocks,
  type SpreadsheetLimits,
  assertSpreadsheet,
  assertSpreadsheetStructure,
  checkImportRows,
  importColumnsOf,
  readSpreadsheet,
  spreadsheetRows,
  whileHoldingImportSlot,
} from "../contacts/index.ts";
import { settingValueOf } from "../settings/index.ts";
import {
  deleteContactListItemRow,
  deleteContactListRow,
  findContactList,
  findContactListItem,
  insertContactList,
  insertContactListItem,
  listAllContactLists,
  listContactListsPage,
  listItemsPage,
  renameContactList,
  updateContactListItemRow,
  upsertItemsBatch,
} from "./contact-lists.repository.ts";
import { queueNumberChecks } from "./contact-lists.validity.ts";

export interface ContactListsDeps {
  db: Db;
  events: DomainEvents;
  jobs: JobQueue;
  importLocks: ImportLocks;
}

/** Rows saved per transaction of a list import; the importing user is told the progress after each. */
export const LIST_IMPORT_BATCH_SIZE = 500;

/** Campaign administration is the admins' ("campaigns:manage"). Throws ERR_NO_PERMISSION. */
export function requireCampaignManager(ctx: RequestContext): void {
  if (!can(ctx, "campaigns:manage")) throw new AppError("ERR_NO_PERMISSION");
}

const listNotFound = () => new AppError("ERR_NO_CONTACT_LIST_FOUND", undefined, "Contact list not found");
const itemNotFound = () => new AppError("ERR_NO_CONTACT_LIST_ITEM_FOUND", undefined, "List contact not found");

async function requireList(db: Db, ctx: RequestContext, id: number): Promise<ContactList> {
  const list = await findContactList(db, ctx.companyId, id);
  if (!list) throw listNotFound();
  return list;
}

async function publishList(deps: ContactListsDeps, companyId: number, id: number): Promise<void> {
  const list = await findContactList(deps.db, companyId, id);
  if (list) deps.events.publish("record.changed", { companyId, channel: "ContactList", action: "update", record: list });
}

/** A page of 20 of the company's contact lists by name, with their contact counts. */
export function listContactLists(deps: Pick<ContactListsDeps, "db">, ctx: RequestContext, query: ListContactListsQuery): Promise<{ records: ContactList[]; hasMore: boolean }> {
  requireCampaignManager(ctx);
  return listContactListsPage(deps.db, ctx.companyId, query.searchParam, query.pageNumber);
}

/** Every contact list of the company (GET /contact-lists/list). */
export function listEveryContactList(deps: Pick<ContactListsDeps, "db">, ctx: RequestContext): Promise<ContactList[]> {
  requireCampaignManager(ctx);
  return listAllContactLists(deps.db, ctx.companyId);
}

/** One contact list. Throws ERR_NO_CONTACT_LIST_FOUND. */
export function showContactList(deps: Pick<ContactListsDeps, "db">, ctx: RequestContext, id: number): Promise<ContactList> {
  requireCampaignManager(ctx);
  return requireList(deps.db, ctx, id);
}

const listTarget = (id: number) => ({ type: "contact_list", id });
const itemTarget = (id: number) => ({ type: "contact_list_item", id });

/** Creates a contact list. */
export async function createContactList(deps: ContactListsDeps, ctx: RequestContext, body: ContactListBody): Promise<ContactList> {
  requireCampaignManager(ctx);
  const id = await deps.db.transaction(async (tx) => {
    const created = await insertContactList(tx, ctx.companyId, body.name);
    await recordAudit(tx, ctx, { action: "contact_list.create", target: listTarget(created), after: { name: body.name } });
    return created;
  });
  const list = await requireList(deps.db, ctx, id);
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "ContactList", action: "create", record: list });
  return list;
}

/** Renames a contact list. Throws ERR_NO_CONTACT_LIST_FOUND. */
export async function updateContactList(deps: ContactListsDeps, ctx: RequestContext, id: number, body: ContactListBody): Promise<ContactList> {
  requireCampaignManager(ctx);
  const current = await requireList(deps.db, ctx, id);
  await deps.db.transaction(async (tx) => {
    if (!(await renameContactList(tx, ctx.companyId, id, body.name))) throw listNotFound();
    await recordAudit(tx, ctx, { action: "contact_list.update", target: listTarget(id), before: { name: current.name }, after: { name: body.name } });
  });
  const list = await requireList(deps.db, ctx, id);
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "ContactList", action: "update", record: list });
  return list;
}

/** Deletes a contact list and its contacts; campaigns that named it keep running on their frozen recipients. Throws ERR_NO_CONTACT_LIST_FOUND. */
export async function deleteContactList(deps: ContactListsDeps, ctx: RequestContext, id: number): Promise<void> {
  requireCampaignManager(ctx);
  const current = await requireList(deps.db, ctx, id);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteContactListRow(tx, ctx.companyId, id))) throw listNotFound();
    await recordAudit(tx, ctx, { action: "contact_list.delete", target: listTarget(id), before: { name: current.name } });
  });
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "ContactList", action: "delete", record: { id } });
}

/**
 * POST /contact-lists/{id}/upload: adds (or, by number, updates) the contacts of an .xls/.xlsx
 * spreadsheet to the list through the contacts page's isolated import (same columns, checks, limits,
 * one import per company at a time), tells the importing user the progress on `company-{id}-contact`
 * (`{action: "import", progress}`), reports the rejected rows, then queues the numbers' validity check.
 * Throws ERR_NO_CONTACT_LIST_FOUND and every ERR_IMPORT_* of the contacts import.
 */
export async function importContactListSpreadsheet(
  deps: ContactListsDeps,
  ctx: RequestContext,
  id: number,
  file: { fileName: string; content: Buffer },
  limits: SpreadsheetLimits,
): Promise<ContactImportReport> {
  requireCampaignManager(ctx);
  await requireList(deps.db, ctx, id);
  if (file.content.length > limits.maxBytes) throw new AppError("ERR_IMPORT_FILE_TOO_LARGE", { maxBytes: limits.maxBytes });
  assertSpreadsheetStructure(assertSpreadsheet(file.fileName, file.content), file.content, limits);
  const report = await whileHoldingImportSlot(deps, ctx, async () => {
    const { header, rows } = await readSpreadsheet(file.content, limits);
    const defaultCountryCode = await settingValueOf(deps.db, ctx.companyId, "defaultCountryCode");
    const { candidates, rejected } = checkImportRows(spreadsheetRows(importColumnsOf(header.cells), rows), defaultCountryCode);
    const progress = { companyId: ctx.companyId, userId: ctx.userId, total: rows.length };
    let created = 0;
    let updated = 0;
    deps.events.publish("contact.import.progress", { ...progress, processed: rejected.length });
    for (let start = 0; start < candidates.length; start += LIST_IMPORT_BATCH_SIZE) {
      const batch = candidates.slice(start, start + LIST_IMPORT_BATCH_SIZE);
      const saved = await deps.db.transaction((tx) => upsertItemsBatch(tx, ctx.companyId, id, batch));
      created += saved.created;
      updated += saved.updated;
      deps.events.publish("contact.import.progress", { ...progress, processed: rejected.length + start + batch.length });
    }
    const sorted: ImportRejectedRow[] = [...rejected].sort((a, b) => a.row - b.row);
    // One entry for the import, with its counts (the rows are people: none of their values is recorded).
    await recordAudit(deps.db, ctx, { action: "contact_list.import", target: listTarget(id), after: { total: rows.length, created, updated, rejected: sorted.length } });
    return { total: rows.length, created, updated, rejected: sorted };
  });
  await publishList(deps, ctx.companyId, id);
  if (report.created + report.updated > 0) await queueNumberChecks(deps.jobs, ctx.companyId, id);
  return report;
}

/** A page of 20 contacts of one list, searched by name, number or e-mail. Throws ERR_NO_CONTACT_LIST_FOUND. */
export async function listContactListItems(
  deps: Pick<ContactListsDeps, "db">,
  ctx: RequestContext,
  query: ListContactListItemsQuery,
): Promise<{ contacts: ContactListItem[]; count: number; hasMore: boolean }> {
  requireCampaignManager(ctx);
  await requireList(deps.db, ctx, query.contactListId);
  return listItemsPage(deps.db, ctx.companyId, query.contactListId, query.searchParam, query.pageNumber);
}

/** One list contact. Throws ERR_NO_CONTACT_LIST_ITEM_FOUND. */
export async function showContactListItem(deps: Pick<ContactListsDeps, "db">, ctx: RequestContext, id: number): Promise<ContactListItem> {
  requireCampaignManager(ctx);
  const item = await findContactListItem(deps.db, ctx.companyId, id);
  if (!item) throw itemNotFound();
  return item;
}

/** The item as stored: its typed number with the company's default calling code when it had none. */
async function withStoredNumber(db: Db, companyId: number, body: ContactListItemBody): Promise<Omit<ContactListItemBody, "companyId">> {
  const { companyId: _named, ...fields } = body;
  return { ...fields, number: withDefaultCountryCode(body.number, await settingValueOf(db, companyId, "defaultCountryCode")) };
}

/** A body's `companyId` may only name the session's company: a list contact never moves between companies. */
function requireSessionCompany(ctx: RequestContext, body: ContactListItemBody): void {
  if (body.companyId !== undefined && body.companyId !== ctx.companyId) {
    throw new AppError("ERR_COMPANY_MISMATCH", undefined, "A list contact stays in the session's company");
  }
}

async function saveItem(deps: ContactListsDeps, action: () => Promise<ContactListItem | undefined>): Promise<ContactListItem | undefined> {
  try {
    return await action();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("ERR_DUPLICATED_CONTACT_LIST_ITEM");
    throw error;
  }
}

/** Adds a contact to a list (its number completed with the company's default calling code) and queues its number's check. Throws ERR_COMPANY_MISMATCH, ERR_NO_CONTACT_LIST_FOUND, ERR_DUPLICATED_CONTACT_LIST_ITEM. */
export async function createContactListItem(deps: ContactListsDeps, ctx: RequestContext, body: ContactListItemBody): Promise<ContactListItem> {
  requireCampaignManager(ctx);
  requireSessionCompany(ctx, body);
  await requireList(deps.db, ctx, body.contactListId);
  const stored = await withStoredNumber(deps.db, ctx.companyId, body);
  const item = await saveItem(deps, () =>
    deps.db.transaction(async (tx) => {
      const saved = await insertContactListItem(tx, ctx.companyId, stored);
      // A list contact is a person: the entry holds ids only.
      if (saved) await recordAudit(tx, ctx, { action: "contact_list_item.create", target: itemTarget(saved.id), after: { contactListId: saved.contactListId } });
      return saved;
    }),
  );
  if (!item) throw itemNotFound();
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "ContactListItem", action: "create", record: item });
  await publishList(deps, ctx.companyId, item.contactListId);
  await queueNumberChecks(deps.jobs, ctx.companyId, item.contactListId);
  return item;
}

/**
 * Changes a list contact (a new number is checked again). Throws ERR_COMPANY_MISMATCH, ERR_NO_CONTACT_LIST_ITEM_FOUND,
 * ERR_NO_CONTACT_LIST_FOUND (moved to a list that is not the company's), ERR_DUPLICATED_CONTACT_LIST_ITEM.
 */
export async function updateContactListItem(deps: ContactListsDeps, ctx: RequestContext, id: number, body: ContactListItemBody): Promise<ContactListItem> {
  requireCampaignManager(ctx);
  requireSessionCompany(ctx, body);
  const current = await findContactListItem(deps.db, ctx.companyId, id);
  if (!current) throw itemNotFound();
  if (body.contactListId !== current.contactListId) await requireList(deps.db, ctx, body.contactListId);
  const stored = await withStoredNumber(deps.db, ctx.companyId, body);
  const item = await saveItem(deps, () =>
    deps.db.transaction(async (tx) => {
      const saved = await updateContactListItemRow(tx, ctx.companyId, id, stored);
      if (saved) await recordAudit(tx, ctx, { action: "contact_list_item.update", target: itemTarget(id), before: { contactListId: current.contactListId }, after: { contactListId: saved.contactListId } });
      return saved;
    }),
  );
  if (!item) throw itemNotFound();
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "ContactListItem", action: "update", record: item });
  if (item.isWhatsappValid === null) await queueNumberChecks(deps.jobs, ctx.companyId, item.contactListId);
  return item;
}

/** Removes a contact from a list: needs "contacts-page:deleteContact". Throws ERR_NO_PERMISSION, ERR_NO_CONTACT_LIST_ITEM_FOUND. */
export async function deleteContactListItem(deps: ContactListsDeps, ctx: RequestContext, id: number): Promise<void> {
  requireCampaignManager(ctx);
  if (!can(ctx, "contacts-page:deleteContact")) throw new AppError("ERR_NO_PERMISSION");
  const current = await findContactListItem(deps.db, ctx.companyId, id);
  if (!current) throw itemNotFound();
  await deps.db.transaction(async (tx) => {
    if (!(await deleteContactListItemRow(tx, ctx.companyId, id))) throw itemNotFound();
    await recordAudit(tx, ctx, { action: "contact_list_item.delete", target: itemTarget(id), before: { contactListId: current.contactListId } });
  });
  deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "ContactListItem", action: "delete", record: { id } });
  await publishList(deps, ctx.companyId, current.contactListId);
}
