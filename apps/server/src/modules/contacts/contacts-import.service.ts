import type { ContactImportReport, ImportRejectedRow } from "@conversa/shared";
import type { ChannelManager } from "../../channels/channel-manager.ts";
import { ChannelNotConnectedError, type PhoneContact } from "../../channels/types.ts";
import type { Db } from "../../db/client.ts";
import type { DomainEvents } from "../../events/domain-events.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { settingValueOf } from "../settings/index.ts";
import { findImportConnection, upsertImportBatch } from "./contacts-import.repository.ts";
import type { ImportLocks } from "./import-locks.ts";
import { type ImportCandidate, checkImportRows, importColumnsOf, spreadsheetRows } from "./import-rows.ts";
import { type SpreadsheetLimits, assertSpreadsheet, assertSpreadsheetStructure, readSpreadsheet } from "./spreadsheet-reader.ts";

export interface ContactImportDeps {
  db: Db;
  events: DomainEvents;
  channels: Pick<ChannelManager, "listContacts">;
  /** One running import per company, across server processes. */
  importLocks: ImportLocks;
  logger?: { error(obj: object, msg: string): void };
}

/** Runs one import of the company while holding its import slot. Throws ERR_IMPORT_BUSY when another of its imports runs. */
export async function whileHoldingImportSlot<T>(deps: Pick<ContactImportDeps, "importLocks">, ctx: RequestContext, action: () => Promise<T>): Promise<T> {
  const release = await deps.importLocks.tryAcquire(ctx.companyId);
  if (!release) throw new AppError("ERR_IMPORT_BUSY", undefined, "Another contact import of the company is running; try again when it ends");
  try {
    return await action();
  } finally {
    await release();
  }
}

/** Rows saved per transaction; the importing user is told the progress after each. */
export const IMPORT_BATCH_SIZE = 500;

/**
 * Saves the checked rows batch by batch (each batch in its own transaction) and tells the importing
 * user the progress. Imported contacts are not announced one by one on the company's channel: the
 * importing page reloads its list from the report.
 */
async function saveImport(
  deps: ContactImportDeps,
  ctx: RequestContext,
  total: number,
  checked: { candidates: ImportCandidate[]; rejected: ImportRejectedRow[] },
  whatsappId: number | null,
): Promise<ContactImportReport> {
  const { candidates, rejected } = checked;
  const report = { userId: ctx.userId, companyId: ctx.companyId, total };
  let created = 0;
  let updated = 0;
  deps.events.publish("contact.import.progress", { ...report, processed: rejected.length });
  for (let start = 0; start < candidates.length; start += IMPORT_BATCH_SIZE) {
    const batch = candidates.slice(start, start + IMPORT_BATCH_SIZE);
    const saved = await deps.db.transaction((tx) => upsertImportBatch(tx, ctx.companyId, batch, whatsappId));
    created += saved.created;
    updated += saved.updated;
    deps.events.publish("contact.import.progress", { ...report, processed: rejected.length + start + batch.length });
  }
  return { total, created, updated, rejected: [...rejected].sort((a, b) => a.row - b.row) };
}

/**
 * POST /contacts/upload: creates or updates (by number) the contacts of an .xls/.xlsx spreadsheet
 * whose first row names the columns (name/nome, number/numero/telefone, email; other named columns
 * become extra information), and reports the rows it rejected and why. Numbers without a calling code get the
 * company's default (setting defaultCountryCode).
 * One import per company runs at a time; a damaged file is refused before it reaches the parsing thread.
 * Throws ERR_IMPORT_FILE_TYPE, ERR_IMPORT_FILE_TOO_LARGE, ERR_IMPORT_CONTENT_TOO_LARGE, ERR_IMPORT_TOO_MANY_ROWS,
 * ERR_IMPORT_MISSING_COLUMNS, ERR_IMPORT_UNREADABLE, ERR_IMPORT_TIMEOUT, ERR_IMPORT_BUSY, ERR_RATE_LIMITED.
 */
export async function importSpreadsheet(
  deps: ContactImportDeps,
  ctx: RequestContext,
  file: { fileName: string; content: Buffer },
  limits: SpreadsheetLimits,
): Promise<ContactImportReport> {
  if (file.content.length > limits.maxBytes) throw new AppError("ERR_IMPORT_FILE_TOO_LARGE", { maxBytes: limits.maxBytes });
  assertSpreadsheetStructure(assertSpreadsheet(file.fileName, file.content), file.content, limits);
  return whileHoldingImportSlot(deps, ctx, async () => {
    const { header, rows } = await readSpreadsheet(file.content, limits);
    const columns = importColumnsOf(header.cells);
    const defaultCountryCode = await settingValueOf(deps.db, ctx.companyId, "defaultCountryCode");
    return saveImport(deps, ctx, rows.length, checkImportRows(spreadsheetRows(columns, rows), defaultCountryCode), null);
  });
}

/** Asks the connection's driver for the phone's contacts. Throws ERR_WAPP_NOT_INITIALIZED. */
async function phoneContacts(deps: ContactImportDeps, connectionId: number): Promise<PhoneContact[]> {
  try {
    return await deps.channels.listContacts(connectionId);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (!(error instanceof ChannelNotConnectedError)) deps.logger?.error({ err: error, connectionId }, "phone contacts not listed");
    throw new AppError("ERR_WAPP_NOT_INITIALIZED", undefined, "The connection is not connected");
  }
}

/** The phone's name for the person when it fits the contact rules, else the number (which keeps a known contact's name). */
function nameForPhoneContact(person: PhoneContact): string {
  const name = person.name?.trim().slice(0, 50) ?? "";
  return name.length >= 2 ? name : person.number;
}

/**
 * POST /contacts/import: creates the contacts of the connected phone's address book and updates the
 * names of known numbers (a phone contact without a name keeps the contact's name; a new one is
 * named after its number). `whatsappId` absent: the company's default connection. One import per company
 * runs at a time. Throws ERR_NO_WAPP_FOUND, ERR_NO_DEF_WAPP_FOUND, ERR_WAPP_NOT_INITIALIZED, ERR_IMPORT_BUSY.
 */
export async function importPhoneContacts(deps: ContactImportDeps, ctx: RequestContext, whatsappId: number | undefined): Promise<ContactImportReport> {
  const connection = await findImportConnection(deps.db, ctx.companyId, whatsappId);
  if (!connection) throw new AppError(whatsappId === undefined ? "ERR_NO_DEF_WAPP_FOUND" : "ERR_NO_WAPP_FOUND");
  return whileHoldingImportSlot(deps, ctx, async () => {
    const people = await phoneContacts(deps, connection.id);
    const rows = people.map((person, index) => ({
      row: index + 1,
      name: nameForPhoneContact(person),
      number: person.number,
      email: "",
      extraInfo: [],
    }));
    // The phone's numbers come from WhatsApp with their calling codes.
    return saveImport(deps, ctx, rows.length, checkImportRows(rows, null), connection.id);
  });
}
