import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { ACCOUNT_CODE_ALPHABET, ACCOUNT_CODE_LENGTH } from "@conversa/shared";

/** A new code: ACCOUNT_CODE_LENGTH characters drawn uniformly (crypto) from an alphabet without look-alikes. */
export function newAccountCode(): string {
  let code = "";
  for (let i = 0; i < ACCOUNT_CODE_LENGTH; i++) code += ACCOUNT_CODE_ALPHABET[randomInt(ACCOUNT_CODE_ALPHABET.length)];
  return code;
}

/**
 * What is stored of a code: HMAC-SHA256 (hex) keyed by a server secret over the user and the code, so
 * that a copy of the database alone does not let anyone try the few possible codes offline.
 */
export function hashAccountCode(secret: string, userId: number, code: string): string {
  return createHmac("sha256", secret).update(`account-code\n${userId}\n${code}`).digest("hex");
}

/** Compares two stored hashes in constant time. */
export function sameCodeHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
