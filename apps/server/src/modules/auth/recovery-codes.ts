import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Recovery codes of the two-factor sign-in: ten single-use codes shown once when the second factor is
 * turned on. Each carries 50 random bits (ten characters of a 32-letter alphabet without look-alikes),
 * so a plain SHA-256 is enough to store them: nobody can search a space of 2^50 per code against the
 * login throttle, and a slow hash (argon2) would only add cost to each sign-in without adding safety.
 */
export const RECOVERY_CODE_COUNT = 10;

/** Crockford's base32 letters: no I, L, O, U, so a code read aloud or copied by hand stays unambiguous. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

const CODE_LENGTH = 10;

/** One new code, written as two groups of five (`ABCDE-FGHJK`). */
export function newRecoveryCode(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(CODE_LENGTH);
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[(bytes[i] ?? 0) & 31];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** The ten codes of a new set. */
export function newRecoveryCodes(random?: (size: number) => Buffer): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode(random));
  return [...codes];
}

/**
 * The code as typed, reduced to its canonical form: case, spaces and dashes ignored, and the letters
 * people confuse with digits read as those digits. Null when it cannot be a recovery code.
 */
export function normalizeRecoveryCode(input: string): string | null {
  const plain = input
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/[IL]/g, "1")
    .replace(/O/g, "0");
  if (plain.length !== CODE_LENGTH) return null;
  for (const char of plain) if (!ALPHABET.includes(char)) return null;
  return plain;
}

/** The stored form of a code: SHA-256 of its canonical form, hex. */
export function hashRecoveryCode(code: string): string {
  const plain = normalizeRecoveryCode(code);
  if (plain === null) throw new Error("not a recovery code");
  return createHash("sha256").update(`conversa-recovery\n${plain}`).digest("hex");
}

/**
 * The index of the stored hash the typed code matches, or -1. Every hash is compared in constant time,
 * so the answer's timing says nothing about which one matched.
 */
export function matchRecoveryCode(input: string, storedHashes: readonly string[]): number {
  const plain = normalizeRecoveryCode(input);
  if (plain === null) return -1;
  const hash = Buffer.from(hashRecoveryCode(plain), "hex");
  let found = -1;
  storedHashes.forEach((stored, index) => {
    const candidate = Buffer.from(stored, "hex");
    if (candidate.length === hash.length && timingSafeEqual(candidate, hash) && found === -1) found = index;
  });
  return found;
}
