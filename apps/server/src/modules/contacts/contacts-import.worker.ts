/**
 * Reads one spreadsheet off the main thread (started by spreadsheet-reader.ts with memory limits and
 * a deadline). The parser (`xlsx` 0.18.5) has known flaws with crafted files — prototype pollution
 * (CVE-2023-30533) and slow regular expressions (CVE-2024-22363) — so: the prototypes are frozen
 * before it loads, only plain strings leave this thread, and the main thread kills it when it runs late.
 */
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import type * as Xlsx from "xlsx";
import { type InflateLimits, inflateZip } from "./spreadsheet-zip.ts";

for (const prototype of [Object.prototype, Array.prototype, Function.prototype]) Object.freeze(prototype);

interface Job {
  content: Uint8Array;
  /** Sheet rows read at most (the rest is reported as truncated). */
  maxSheetRows: number;
  maxColumns: number;
  maxCellLength: number;
  inflate: InflateLimits;
}

/** The part of the library's container API (typed `any` by the library) used to rebuild an .xlsx. */
interface ContainerApi {
  utils: { cfb_new(): unknown; cfb_add(container: unknown, name: string, content: Buffer): unknown };
  write(container: unknown, options: { fileType: "zip"; type: "buffer"; compression: false }): unknown;
}

function isJob(value: unknown): value is Job {
  if (typeof value !== "object" || value === null) return false;
  const job: Partial<Record<keyof Job, unknown>> = value;
  if (typeof job.inflate !== "object" || job.inflate === null) return false;
  const inflate: Partial<Record<keyof InflateLimits, unknown>> = job.inflate;
  const numbers = [job.maxSheetRows, job.maxColumns, job.maxCellLength, inflate.maxInflatedBytes, inflate.maxRatio, inflate.ratioFloorBytes];
  return job.content instanceof Uint8Array && numbers.every((n) => typeof n === "number" && n > 0);
}

class TooLargeError extends Error {}

/**
 * An .xlsx's entries unpacked here within the limits (spreadsheet-zip.ts), then packed again without
 * compression: the library never inflates anything itself, so a lying zip cannot make it unpack more.
 * Throws TooLargeError past the limits, any other error for a damaged zip.
 */
function boundedWorkbook(xlsx: typeof Xlsx, content: Buffer, limits: InflateLimits): Buffer {
  const unpacked = inflateZip(content, limits);
  if (!unpacked.ok) throw unpacked.reason === "tooLarge" ? new TooLargeError() : new Error("damaged zip");
  const container: ContainerApi = xlsx.CFB;
  const rebuilt = container.utils.cfb_new();
  for (const file of unpacked.files) if (!file.name.endsWith("/")) container.utils.cfb_add(rebuilt, file.name, file.content);
  const written = container.write(rebuilt, { fileType: "zip", type: "buffer", compression: false });
  if (!Buffer.isBuffer(written)) throw new Error("the library did not write a buffer");
  return written;
}

/** A cell as text: strings as they are, whole numbers without exponent (phone numbers), nothing else. */
function cellText(value: unknown, maxLength: number): string {
  if (typeof value === "string") return value.slice(0, maxLength);
  if (typeof value === "number" && Number.isFinite(value)) return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(0) : String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return "";
}

function read(job: Job): { rows: { row: number; cells: string[] }[]; truncated: boolean } {
  // Loaded only now, after the freeze: nothing the library does can change a prototype.
  const xlsx: typeof Xlsx = createRequire(import.meta.url)("xlsx");
  const content = Buffer.from(job.content.buffer, job.content.byteOffset, job.content.byteLength);
  const isZip = content.length >= 4 && content.readUInt32LE(0) === 0x04034b50;
  const book = xlsx.read(isZip ? boundedWorkbook(xlsx, content, job.inflate) : content, {
    type: "buffer",
    sheets: 0,
    sheetRows: job.maxSheetRows,
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellStyles: false,
    cellDates: false,
    bookVBA: false,
  });
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  const ref = sheet?.["!ref"];
  if (!sheet || !ref) return { rows: [], truncated: false };
  const range = xlsx.utils.decode_range(ref);
  const full = sheet["!fullref"] ? xlsx.utils.decode_range(sheet["!fullref"]) : range;
  const matrix: unknown[][] = xlsx.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: "", blankrows: true });
  const rows: { row: number; cells: string[] }[] = [];
  matrix.forEach((values, index) => {
    const cells = values.slice(0, job.maxColumns).map((value) => cellText(value, job.maxCellLength));
    if (cells.some((cell) => cell.trim() !== "")) rows.push({ row: range.s.r + index + 1, cells });
  });
  return { rows, truncated: full.e.r > range.e.r };
}

if (parentPort) {
  if (!isJob(workerData)) {
    parentPort.postMessage({ ok: false });
  } else {
    try {
      parentPort.postMessage({ ok: true, ...read(workerData) });
    } catch (error) {
      parentPort.postMessage(error instanceof TooLargeError ? { ok: false, reason: "tooLarge" } : { ok: false });
    }
  }
}
