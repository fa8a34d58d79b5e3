import { type ImportRejectedRow, type ImportRejectReason, ZImportContactRow, ZImportRejectReason, withDefaultCountryCode } from "@conversa/shared";
import { AppError } from "../../lib/app-error.ts";

/** A row ready to be saved: the contact rules passed, the number is digits only. */
export interface ImportCandidate {
  /** Spreadsheet row (or position in the phone's list), for the report. */
  row: number;
  name: string;
  number: string;
  /** Empty: keep the contact's e-mail. */
  email: string;
  extraInfo: { name: string; value: string }[];
}

/** Where the known fields sit in a spreadsheet's header row; the other named columns become extra information. */
export interface ImportColumns {
  name: number;
  number: number;
  email: number | undefined;
  extras: { index: number; name: string }[];
}

/** Most extra-information columns taken from a spreadsheet (the contact's own limit); later ones are left out. */
export const MAX_EXTRA_COLUMNS = 50;

const HEADER_ALIASES: Record<"name" | "number" | "email", readonly string[]> = {
  name: ["name", "nome", "nombre"],
  number: ["number", "numero", "telefone", "telefono", "phone", "celular", "whatsapp"],
  email: ["email", "correo", "mail"],
};

/** A header cell as compared: lower case, without accents, spaces or punctuation ("Número" → "numero", "E-mail" → "email"). */
export function headerKey(cell: string): string {
  return cell
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Reads the header row. Throws ERR_IMPORT_MISSING_COLUMNS without a name or a number column. */
export function importColumnsOf(header: readonly string[]): ImportColumns {
  const keys = header.map(headerKey);
  const find = (field: keyof typeof HEADER_ALIASES) => {
    const index = keys.findIndex((key) => HEADER_ALIASES[field].includes(key));
    return index === -1 ? undefined : index;
  };
  const name = find("name");
  const number = find("number");
  if (name === undefined || number === undefined) throw new AppError("ERR_IMPORT_MISSING_COLUMNS", undefined, "The first row must name a name column and a number column");
  const email = find("email");
  const extras = header
    .map((cell, index) => ({ index, name: cell.trim().slice(0, 100) }))
    .filter((column) => column.name !== "" && column.index !== name && column.index !== number && column.index !== email)
    .slice(0, MAX_EXTRA_COLUMNS);
  return { name, number, email, extras };
}

const cut = (text: string) => text.slice(0, 100);

/** The reason of the first failed rule: each rule's message is its reason. */
function reasonOf(messages: readonly string[]): ImportRejectReason {
  for (const message of messages) {
    const parsed = ZImportRejectReason.safeParse(message);
    if (parsed.success) return parsed.data;
  }
  return "nameRequired";
}

export interface RawImportRow {
  row: number;
  name: string;
  number: string;
  email: string;
  extraInfo: { name: string; value: string }[];
}

/**
 * Checks rows with the contact rules (core §5) and splits them into candidates and rejected rows
 * with their reason. Numbers typed without a calling code get `defaultCountryCode` (`withDefaultCountryCode`;
 * null for numbers that come from WhatsApp). A number met again later in the same import is rejected as duplicatedInFile.
 */
export function checkImportRows(
  rows: readonly RawImportRow[],
  defaultCountryCode: string | null,
): { candidates: ImportCandidate[]; rejected: ImportRejectedRow[] } {
  const candidates: ImportCandidate[] = [];
  const rejected: ImportRejectedRow[] = [];
  const seen = new Set<string>();
  for (const raw of rows) {
    const extraInfo = raw.extraInfo.filter((item) => item.value.trim() !== "");
    const number = withDefaultCountryCode(raw.number, defaultCountryCode);
    const parsed = ZImportContactRow.safeParse({ name: raw.name, number, email: raw.email, extraInfo });
    if (!parsed.success) {
      rejected.push({ row: raw.row, reason: reasonOf(parsed.error.issues.map((issue) => issue.message)), name: cut(raw.name), number: cut(raw.number) });
      continue;
    }
    if (seen.has(parsed.data.number)) {
      rejected.push({ row: raw.row, reason: "duplicatedInFile", name: cut(raw.name), number: cut(raw.number) });
      continue;
    }
    seen.add(parsed.data.number);
    candidates.push({ row: raw.row, ...parsed.data });
  }
  return { candidates, rejected };
}

/** The spreadsheet's data rows in the shape the checks take. */
export function spreadsheetRows(columns: ImportColumns, rows: readonly { row: number; cells: readonly string[] }[]): RawImportRow[] {
  const cell = (cells: readonly string[], index: number | undefined) => (index === undefined ? "" : (cells[index] ?? ""));
  return rows.map(({ row, cells }) => ({
    row,
    name: cell(cells, columns.name),
    number: cell(cells, columns.number),
    email: cell(cells, columns.email),
    extraInfo: columns.extras.map((column) => ({ name: column.name, value: cell(cells, column.index) })),
  }));
}
