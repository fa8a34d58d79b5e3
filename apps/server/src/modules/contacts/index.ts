/** What the rest of the server uses of the contacts module: the isolated spreadsheet import (campaign contact lists reuse it), its locks, and contacts by id. */
export { CSV_BOM, csvLine } from "./csv.ts";
export { whileHoldingImportSlot } from "./contacts-import.service.ts";
export { loadContacts } from "./contacts.repository.ts";
export type { ImportLocks } from "./import-locks.ts";
export { checkImportRows, importColumnsOf, spreadsheetRows } from "./import-rows.ts";
export { DEFAULT_SPREADSHEET_LIMITS, type SpreadsheetLimits, assertSpreadsheet, assertSpreadsheetStructure, readSpreadsheet } from "./spreadsheet-reader.ts";
