import { describe, expect, it } from "vitest";
import {
  RECOVERY_CODE_COUNT,
  hashRecoveryCode,
  matchRecoveryCode,
  newRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
} from "./recovery-codes.ts";

describe("recovery codes", () => {
  it("a set holds ten distinct codes of two groups of five", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
  });

  it("draws its letters from the random bytes it is given", () => {
    expect(newRecoveryCode((size) => Buffer.alloc(size, 0))).toBe("00000-00000");
    expect(newRecoveryCode((size) => Buffer.alloc(size, 31))).toBe("ZZZZZ-ZZZZZ");
  });

  it("reads a code typed in lower case, without the dash, with look-alike letters", () => {
    expect(normalizeRecoveryCode(" abcde-fgh1k ")).toBe("ABCDEFGH1K");
    expect(normalizeRecoveryCode("ABCDE FGHLK")).toBe("ABCDEFGH1K");
    expect(normalizeRecoveryCode("O0000-00000")).toBe("0000000000");
    expect(normalizeRecoveryCode("123456")).toBeNull();
    expect(normalizeRecoveryCode("ABCDE-FGHJU")).toBeNull();
  });

  it("matches the stored hash of the same code, in any typed form, and nothing else", () => {
    const codes = newRecoveryCodes();
    const hashes = codes.map(hashRecoveryCode);
    expect(hashes.every((hash) => /^[0-9a-f]{64}$/.test(hash))).toBe(true);
    expect(matchRecoveryCode(codes[3]!.toLowerCase().replace("-", ""), hashes)).toBe(3);
    expect(matchRecoveryCode(codes[0]!, hashes)).toBe(0);
    expect(matchRecoveryCode("00000-00000", hashes.filter((_, i) => codes[i] !== "00000-00000"))).toBe(-1);
    expect(matchRecoveryCode("not a code", hashes)).toBe(-1);
    expect(matchRecoveryCode(codes[0]!, [])).toBe(-1);
  });
});
