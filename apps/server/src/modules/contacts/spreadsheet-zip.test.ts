import { describe, expect, it } from "vitest";
import { zipOf } from "../../../test/spreadsheet-bombs.ts";
import { DEFAULT_INFLATE_LIMITS, fitsInflateLimits, inflateZip, readZipDirectory } from "./spreadsheet-zip.ts";

const MIB = 1024 * 1024;
const text = (length: number) => Buffer.from("Nome;Numero\n".repeat(Math.ceil(length / 12)).slice(0, length));

describe("inflateZip", () => {
  it("unpacks honest entries to their bytes", () => {
    const result = inflateZip(zipOf([{ name: "a.xml", data: text(1000) }, { name: "b.xml", data: Buffer.alloc(0) }]), DEFAULT_INFLATE_LIMITS);
    expect(result).toEqual({ ok: true, files: [{ name: "a.xml", content: text(1000) }, { name: "b.xml", content: Buffer.alloc(0) }] });
  });

  it.each([
    ["an entry that unpacks past its declared size", [{ name: "s.xml", data: Buffer.alloc(4 * MIB, 0x20), declaredSize: 100 }], "tooLarge"],
    ["entries that declare more than the total", [{ name: "s.xml", data: text(1000), declaredSize: 51 * MIB }], "tooLarge"],
    ["an entry that unpacks to less than it declares", [{ name: "s.xml", data: text(1000), declaredSize: 1001 }], "unreadable"],
  ] as const)("refuses %s", (_, parts, reason) => {
    expect(inflateZip(zipOf(parts), DEFAULT_INFLATE_LIMITS)).toEqual({ ok: false, reason });
  });

  it("refuses an entry whose bytes do not match its checksum", () => {
    const zip = zipOf([{ name: "a.xml", data: text(1000) }]);
    zip.writeUInt32LE((zip.readUInt32LE(14) ^ 1) >>> 0, 14);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE((zip.readUInt32LE(central + 16) ^ 1) >>> 0, central + 16);
    expect(inflateZip(zip, DEFAULT_INFLATE_LIMITS)).toEqual({ ok: false, reason: "unreadable" });
  });

  it("refuses a file without a complete central directory", () => {
    const zip = zipOf([{ name: "a.xml", data: text(1000) }]);
    expect(readZipDirectory(zip.subarray(0, zip.length - 30))).toBeUndefined();
    expect(inflateZip(zip.subarray(0, zip.length - 30), DEFAULT_INFLATE_LIMITS)).toEqual({ ok: false, reason: "unreadable" });
  });
});

describe("fitsInflateLimits", () => {
  const entry = (packedSize: number, inflatedSize: number) => ({ name: "x", method: 8, crc: 0, packedSize, inflatedSize, dataOffset: 0 });
  it.each([
    [[entry(5 * MIB, 45 * MIB)], true],
    [[entry(5 * MIB, 30 * MIB), entry(3 * MIB, 21 * MIB)], false],
    [[entry(1000, MIB)], true],
    [[entry(10_000, 2_000_000)], true],
    [[entry(10_000, 2_000_001)], false],
  ])("%j fits: %s", (entries, fits) => {
    expect(fitsInflateLimits(entries, DEFAULT_INFLATE_LIMITS)).toBe(fits);
  });
});
