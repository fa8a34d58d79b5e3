/** CSV for spreadsheets in locales that use ';' between cells (administration §5: contacts export). */
export const CSV_SEPARATOR = ";";

/** Byte-order mark: spreadsheet programs read the file as UTF-8 (accents) only with it. */
export const CSV_BOM = "\uFEFF";

/** Characters that make a spreadsheet read a cell as a formula (or inject a command) when they lead it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: a value a spreadsheet would run as a formula gets a leading apostrophe; a value with the
 * separator, a quote or a line break is quoted, quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells, ended by CRLF. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
