import { Worker } from "node:worker_threads";
import { z } from "zod";
import { CONTACT_IMPORT_LIMITS } from "@conversa/shared";
import { AppError } from "../../lib/app-error.ts";
import { takeParseSlot } from "./parse-slots.ts";
import { DEFAULT_INFLATE_LIMITS, type InflateLimits, fitsInflateLimits, readZipDirectory } from "./spreadsheet-zip.ts";

/** How much a spreadsheet import may take. */
export interface SpreadsheetLimits {
  maxBytes: number;
  /** Data rows (the header not counted). */
  maxRows: number;
  /** The parse is stopped (its thread terminated) after this long. */
  timeoutMs: number;
  /** Heap of the parsing thread; over it the thread dies and the file is unreadable. */
  memoryMb: number;
  /** An .xlsx unpacked: its total, and the ratio of its large entries (spreadsheet-zip.ts). */
  inflate: InflateLimits;
}

export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = {
  maxBytes: CONTACT_IMPORT_LIMITS.maxBytes,
  maxRows: CONTACT_IMPORT_LIMITS.maxRows,
  timeoutMs: 10_000,
  memoryMb: 256,
  inflate: DEFAULT_INFLATE_LIMITS,
};

const MAX_COLUMNS = 60;
const MAX_CELL_LENGTH = 2000;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * Accepts an .xlsx whose content is a zip, or an .xls whose content is an OLE2 compound file; the
 * name alone or the content alone is not enough. Throws ERR_IMPORT_FILE_TYPE.
 */
export function assertSpreadsheet(fileName: string, content: Buffer): "xlsx" | "xls" {
  const name = fileName.toLowerCase();
  if (name.endsWith(".xlsx") && content.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return "xlsx";
  if (name.endsWith(".xls") && content.subarray(0, OLE2_MAGIC.length).equals(OLE2_MAGIC)) return "xls";
  throw new AppError("ERR_IMPORT_FILE_TYPE", { accepted: CONTACT_IMPORT_LIMITS.extensions }, "Only .xls and .xlsx spreadsheets are accepted");
}

const ZWorkerResult = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    truncated: z.boolean(),
    rows: z.array(z.object({ row: z.number().int().positive(), cells: z.array(z.string().max(MAX_CELL_LENGTH)).max(MAX_COLUMNS) })),
  }),
  z.object({ ok: z.literal(false), reason: z.literal("tooLarge").optional() }),
]);

export interface SpreadsheetRow {
  /** The row number in the sheet (1 = its first row). */
  row: number;
  cells: string[];
}

const unreadable = () => new AppError("ERR_IMPORT_UNREADABLE", undefined, "The spreadsheet could not be read");
const tooLarge = (limits: InflateLimits) =>
  new AppError("ERR_IMPORT_CONTENT_TOO_LARGE", { maxInflatedBytes: limits.maxInflatedBytes }, "The spreadsheet is too large once unpacked");

/** The parts every workbook of the Office Open XML format has. */
const XLSX_REQUIRED_ENTRIES = ["[Content_Types].xml", "xl/workbook.xml"];

/** Whether an OLE2 compound file's header is one a spreadsheet can have, and the file is long enough for its sectors. */
function isPlausibleCompoundFile(content: Buffer): boolean {
  if (content.length < 512 || content.readUInt16LE(28) !== 0xfffe) return false;
  const sectorShift = content.readUInt16LE(30);
  if (sectorShift !== 9 && sectorShift !== 12) return false;
  const sector = 2 ** sectorShift;
  // The header (a whole sector in version 4), then at least an allocation table sector and a directory sector.
  return content.length >= Math.max(512, sector) + 2 * sector;
}

/**
 * A cheap look at the file's structure before any thread parses it: an .xlsx must be a zip with a
 * complete central directory naming a workbook's parts and declaring sizes within `limits.inflate`, an
 * .xls a compound file of a plausible size. Throws ERR_IMPORT_UNREADABLE at once for a damaged or
 * truncated file, ERR_IMPORT_CONTENT_TOO_LARGE for one that says it unpacks past the limits.
 */
export function assertSpreadsheetStructure(kind: "xlsx" | "xls", content: Buffer, limits: Pick<SpreadsheetLimits, "inflate">): void {
  if (kind === "xls") {
    if (!isPlausibleCompoundFile(content)) throw unreadable();
    return;
  }
  const entries = readZipDirectory(content);
  const names = new Set(entries?.map((entry) => entry.name));
  if (!entries || !XLSX_REQUIRED_ENTRIES.every((name) => names.has(name))) throw unreadable();
  if (!fitsInflateLimits(entries, limits.inflate)) throw tooLarge(limits.inflate);
}

/**
 * The parsing thread: the bundle's `contacts-import.worker.js` beside `main.js`; from the TypeScript
 * sources (tests, `npm run dev`) the `.ts` file, compiled as it loads by tsx.
 */
function startWorker(workerData: object, transfer: ArrayBuffer, limits: SpreadsheetLimits): Worker {
  const options = {
    workerData,
    transferList: [transfer],
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  };
  if (import.meta.url.endsWith(".ts")) {
    // tsx (a development dependency) is found from the working directory, inside the repository.
    const entry = JSON.stringify(new URL("./contacts-import.worker.ts", import.meta.url).href);
    const source = `import("tsx/esm/api").then(({ tsImport }) => tsImport(${entry}, ${JSON.stringify(import.meta.url)}));`;
    return new Worker(source, { ...options, eval: true });
  }
  return new Worker(new URL("./contacts-import.worker.js", import.meta.url), options);
}

/** Runs one parse; settles once, and the thread is always terminated. */
function runWorker(content: Buffer, limits: SpreadsheetLimits): Promise<unknown> {
  const copy = new Uint8Array(content);
  const job = { content: copy, maxSheetRows: limits.maxRows * 2 + 1, maxColumns: MAX_COLUMNS, maxCellLength: MAX_CELL_LENGTH, inflate: limits.inflate };
  return new Promise((resolve, reject) => {
    let settled = false;
    let worker: Worker;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(() => settle(() => reject(new AppError("ERR_IMPORT_TIMEOUT", { timeoutMs: limits.timeoutMs }, "Reading the spreadsheet took too long"))), limits.timeoutMs);
    try {
      worker = startWorker(job, copy.buffer, limits);
    } catch {
      clearTimeout(timer);
      reject(unreadable());
      return;
    }
    worker.once("message", (message: unknown) => settle(() => resolve(message)));
    // Out of memory, a crash of the parser, or an exit without an answer: the file is unreadable.
    worker.once("error", () => settle(() => reject(unreadable())));
    worker.once("exit", () => settle(() => reject(unreadable())));
  });
}

/**
 * Reads the first sheet of a spreadsheet in a separate thread (one of the process's parse slots, waited
 * for in turn: parse-slots.ts), within `limits`: its non-blank rows
 * as text, the header first. An .xlsx is unpacked there within `limits.inflate` whatever its zip declares.
 * Throws ERR_RATE_LIMITED (too many reads waiting), ERR_IMPORT_TIMEOUT, ERR_IMPORT_UNREADABLE,
 * ERR_IMPORT_CONTENT_TOO_LARGE, ERR_IMPORT_TOO_MANY_ROWS, ERR_IMPORT_MISSING_COLUMNS (no header row).
 */
export async function readSpreadsheet(content: Buffer, limits: SpreadsheetLimits): Promise<{ header: SpreadsheetRow; rows: SpreadsheetRow[] }> {
  const release = await takeParseSlot();
  let answer: unknown;
  try {
    answer = await runWorker(content, limits);
  } finally {
    release();
  }
  const parsed = ZWorkerResult.safeParse(answer);
  if (!parsed.success) throw unreadable();
  if (!parsed.data.ok) throw parsed.data.reason === "tooLarge" ? tooLarge(limits.inflate) : unreadable();
  const [header, ...rows] = parsed.data.rows;
  if (parsed.data.truncated || rows.length > limits.maxRows) {
    throw new AppError("ERR_IMPORT_TOO_MANY_ROWS", { maxRows: limits.maxRows }, `At most ${limits.maxRows} rows can be imported at once`);
  }
  if (!header) throw new AppError("ERR_IMPORT_MISSING_COLUMNS", undefined, "The spreadsheet is empty");
  return { header, rows };
}
