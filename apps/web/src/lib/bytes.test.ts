import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes.ts";

describe("formatBytes", () => {
  it.each([
    [0, "pt", "0 B"],
    [1023, "pt", "1.023 B"],
    [1536, "pt", "1,5 KB"],
    [5 * 1024 ** 3, "pt", "5 GB"],
    [1.2 * 1024 ** 3, "pt", "1,2 GB"],
    [1.2 * 1024 ** 3, "en", "1.2 GB"],
    [300 * 1024 ** 2, "es", "300 MB"],
    [2048 * 1024 ** 4, "en", "2,048 TB"],
  ])("writes %d bytes in %s as %s", (bytes, language, text) => {
    expect(formatBytes(bytes, language)).toBe(text);
  });
});
