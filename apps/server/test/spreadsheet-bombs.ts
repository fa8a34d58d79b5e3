import { crc32, deflateRawSync } from "node:zlib";
import * as XLSX from "xlsx";
import { readZipDirectory } from "../src/modules/contacts/spreadsheet-zip.ts";

export interface ZipPart {
  name: string;
  data: Buffer;
  /** The unpacked size the headers state; the real one unless told (a lying zip). */
  declaredSize?: number;
}

/** A zip of deflated entries, each with its checksum and the size it declares in its local and central headers. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, "utf8");
    const packed = deflateRawSync(part.data, { level: 9 });
    const declared = part.declaredSize ?? part.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(part.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(part.data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const SHEET_PATH = "xl/worksheets/sheet1.xml";

/** The parts of a real one-sheet workbook written by the spreadsheet library (its header row and one contact). */
function workbookParts(): ZipPart[] {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Nome", "Numero"], ["Ana", "5511911110000"]]), "Contatos");
  const written: unknown = XLSX.write(book, { bookType: "xlsx", type: "buffer", compression: false });
  if (!Buffer.isBuffer(written)) throw new Error("the library did not write a buffer");
  const entries = readZipDirectory(written);
  if (!entries?.some((entry) => entry.name === SHEET_PATH)) throw new Error("the library wrote no first sheet");
  return entries.map((entry) => ({ name: entry.name, data: written.subarray(entry.dataOffset, entry.dataOffset + entry.packedSize) }));
}

/**
 * A well-formed .xlsx whose first sheet is `spaces` bytes of blank space inside a worksheet's XML: a
 * few kilobytes packed. `declaredSize` makes the sheet's headers state another unpacked size.
 */
export function spreadsheetBomb(spaces: number, declaredSize?: number): Buffer {
  const sheet = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'),
    Buffer.alloc(spaces, 0x20),
    Buffer.from("</sheetData></worksheet>"),
  ]);
  return zipOf(workbookParts().map((part) => (part.name === SHEET_PATH ? { name: part.name, data: sheet, ...(declaredSize === undefined ? {} : { declaredSize }) } : part)));
}

/** The same workbook, honest and small: it imports one contact (a check that the zip writer above is sound). */
export function plainZippedSpreadsheet(): Buffer {
  return zipOf(workbookParts());
}
