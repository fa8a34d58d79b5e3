/**
 * The zip container of an .xlsx, read without trusting it: its central directory's declared sizes are
 * checked against a bound before any parse, and each entry is inflated by Node's zlib with an output
 * limit, so a file that lies about its sizes is stopped at the bound instead of filling the memory.
 * Used by the main thread (the declared sizes) and by the parsing thread (the bounded inflation).
 */
import { crc32, inflateRawSync } from "node:zlib";

/** How much an .xlsx may hold once unpacked. */
export interface InflateLimits {
  /** Sum of the entries' unpacked sizes. */
  maxInflatedBytes: number;
  /** Unpacked bytes per packed byte of one entry, checked on entries over `ratioFloorBytes` unpacked. */
  maxRatio: number;
  ratioFloorBytes: number;
}

/**
 * 50 MiB unpacked is ten times the 5 MB upload limit and several times a full 10,000-row sheet; an
 * entry over 1 MiB that unpacks more than 200-fold is a bomb rather than a contact list.
 */
export const DEFAULT_INFLATE_LIMITS: InflateLimits = { maxInflatedBytes: 50 * 1024 * 1024, maxRatio: 200, ratioFloorBytes: 1024 * 1024 };

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  packedSize: number;
  inflatedSize: number;
  /** Where the entry's packed bytes start (after its local header). */
  dataOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_ENTRY_SIZE = 46;
const LOCAL_HEADER_SIZE = 30;
const MAX_ZIP_COMMENT = 0xffff;
/** A 32-bit field at its maximum means the real value is in a ZIP64 record; no spreadsheet under 5 MB needs one. */
const ZIP64_MARK = 0xffffffff;
const ENCRYPTED_FLAG = 0x0001;

/** One central-directory entry and its local header, or undefined when they do not describe bytes of this file. */
function entryAt(content: Buffer, at: number, directoryStart: number): { entry: ZipEntry; next: number } | undefined {
  const flags = content.readUInt16LE(at + 8);
  const method = content.readUInt16LE(at + 10);
  const crc = content.readUInt32LE(at + 16);
  const packedSize = content.readUInt32LE(at + 20);
  const inflatedSize = content.readUInt32LE(at + 24);
  const nameLength = content.readUInt16LE(at + 28);
  const next = at + CENTRAL_ENTRY_SIZE + nameLength + content.readUInt16LE(at + 30) + content.readUInt16LE(at + 32);
  const localOffset = content.readUInt32LE(at + 42);
  if ((flags & ENCRYPTED_FLAG) !== 0 || (method !== 0 && method !== 8)) return undefined;
  if ([packedSize, inflatedSize, localOffset].includes(ZIP64_MARK)) return undefined;
  if (localOffset + LOCAL_HEADER_SIZE > directoryStart || content.readUInt32LE(localOffset) !== LOCAL_HEADER_SIGNATURE) return undefined;
  const dataOffset = localOffset + LOCAL_HEADER_SIZE + content.readUInt16LE(localOffset + 26) + content.readUInt16LE(localOffset + 28);
  if (dataOffset + packedSize > directoryStart) return undefined;
  if (method === 0 && packedSize !== inflatedSize) return undefined;
  const name = content.toString("utf8", at + CENTRAL_ENTRY_SIZE, at + CENTRAL_ENTRY_SIZE + nameLength);
  return { entry: { name, method, crc, packedSize, inflatedSize, dataOffset }, next };
}

/** The entries of a zip's central directory, or undefined when the file has no complete, plain (unencrypted, non-ZIP64) one. */
export function readZipDirectory(content: Buffer): ZipEntry[] | undefined {
  if (content.length < EOCD_SIZE) return undefined;
  const earliest = Math.max(0, content.length - EOCD_SIZE - MAX_ZIP_COMMENT);
  for (let at = content.length - EOCD_SIZE; at >= earliest; at -= 1) {
    if (content.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    const count = content.readUInt16LE(at + 10);
    const size = content.readUInt32LE(at + 12);
    const start = content.readUInt32LE(at + 16);
    if (start + size > at) return undefined;
    const entries: ZipEntry[] = [];
    let cursor = start;
    for (let i = 0; i < count; i += 1) {
      if (cursor + CENTRAL_ENTRY_SIZE > start + size || content.readUInt32LE(cursor) !== CENTRAL_ENTRY_SIGNATURE) return undefined;
      const read = entryAt(content, cursor, start);
      if (!read || read.next > start + size) return undefined;
      entries.push(read.entry);
      cursor = read.next;
    }
    return entries;
  }
  return undefined;
}

/** Whether the entries, as declared, unpack within the limits (in total, and each in its ratio). */
export function fitsInflateLimits(entries: readonly ZipEntry[], limits: InflateLimits): boolean {
  let total = 0;
  for (const entry of entries) {
    total += entry.inflatedSize;
    if (entry.inflatedSize > limits.ratioFloorBytes && entry.inflatedSize > limits.maxRatio * Math.max(1, entry.packedSize)) return false;
  }
  return total <= limits.maxInflatedBytes;
}

/** zlib's refusal to produce more than maxOutputLength. */
function isOutputLimit(error: unknown): boolean {
  return error instanceof RangeError && "code" in error && error.code === "ERR_BUFFER_TOO_LARGE";
}

export type InflatedZip = { ok: true; files: { name: string; content: Buffer }[] } | { ok: false; reason: "tooLarge" | "unreadable" };

/**
 * Unpacks every entry, none past its declared size nor the total past the limit: zlib stops producing
 * output there (maxOutputLength), so a lying entry costs at most the bound. An entry that unpacks to
 * more than it declared is a bomb ("tooLarge"); one that unpacks to less, or to other bytes than its
 * checksum, is damaged ("unreadable").
 */
export function inflateZip(content: Buffer, limits: InflateLimits): InflatedZip {
  const entries = readZipDirectory(content);
  if (!entries) return { ok: false, reason: "unreadable" };
  if (!fitsInflateLimits(entries, limits)) return { ok: false, reason: "tooLarge" };
  const files: { name: string; content: Buffer }[] = [];
  for (const entry of entries) {
    const packed = content.subarray(entry.dataOffset, entry.dataOffset + entry.packedSize);
    let inflated: Buffer;
    if (entry.method === 0) {
      inflated = packed;
    } else {
      try {
        // One byte over the declared size is enough to know the entry lied.
        inflated = inflateRawSync(packed, { maxOutputLength: entry.inflatedSize + 1 });
      } catch (error) {
        return { ok: false, reason: isOutputLimit(error) ? "tooLarge" : "unreadable" };
      }
    }
    if (inflated.length > entry.inflatedSize) return { ok: false, reason: "tooLarge" };
    if (inflated.length !== entry.inflatedSize || crc32(inflated) !== entry.crc) return { ok: false, reason: "unreadable" };
    files.push({ name: entry.name, content: inflated });
  }
  return { ok: true, files };
}
