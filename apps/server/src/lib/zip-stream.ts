/**
 * A ZIP archive written as a stream: each entry is stored (not compressed) and its bytes pass through
 * as they come, the CRC and sizes following in a data descriptor, so the memory used is that of one
 * chunk whatever the archive's size. The central directory (one small record per entry) closes it.
 * Entries and the archive stay under 4 GiB (no ZIP64).
 */
import { crc32 } from "node:zlib";

export interface ZipStreamEntry {
  /** Path inside the archive, "/" separated. */
  name: string;
  content: Buffer | AsyncIterable<Buffer | string>;
}

const FLAGS = 0x0808; // bit 3: sizes in the data descriptor; bit 11: UTF-8 names.
const LIMIT = 0xffffffff;

function dosTime(date: Date): { time: number; day: number } {
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((Math.max(date.getUTCFullYear(), 1980) - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

async function* chunksOf(content: ZipStreamEntry["content"]): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(content)) {
    yield content;
    return;
  }
  for await (const chunk of content) yield typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
}

/** The archive's bytes, entry after entry; `now` dates the entries. */
export async function* zipStream(entries: AsyncIterable<ZipStreamEntry> | Iterable<ZipStreamEntry>, now: Date): AsyncGenerator<Buffer> {
  const { time, day } = dosTime(now);
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(FLAGS, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt16LE(name.length, 26);
    yield Buffer.concat([local, name]);
    const entryOffset = offset;
    offset += local.length + name.length;
    let crc = 0;
    let size = 0;
    for await (const chunk of chunksOf(entry.content)) {
      if (chunk.length === 0) continue;
      crc = crc32(chunk, crc);
      size += chunk.length;
      yield chunk;
    }
    offset += size;
    if (size > LIMIT || offset > LIMIT) throw new Error("zip archive over 4 GiB");
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(size, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    offset += descriptor.length;
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(FLAGS, 8);
    record.writeUInt16LE(0, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(day, 14);
    record.writeUInt32LE(crc >>> 0, 16);
    record.writeUInt32LE(size, 20);
    record.writeUInt32LE(size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(entryOffset, 42);
    central.push(record, name);
    count += 1;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
