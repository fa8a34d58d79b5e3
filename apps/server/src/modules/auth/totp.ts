import { Secret, TOTP } from "otpauth";

/**
 * The time-based codes of two-factor sign-in (RFC 6238) through the `otpauth` library: SHA-1, 6 digits,
 * 30-second steps, the way every authenticator app reads an otpauth:// URL. A code of the step before or
 * after the current one is accepted too (a phone's clock a little off, a code typed at the step's end).
 */
const TOTP_OPTIONS = { issuer: "Conversa", algorithm: "SHA1", digits: 6, period: 30 } as const;

/** Steps either side of the current one whose codes are still accepted. */
export const TOTP_WINDOW = 1;

/** A new secret of 160 random bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = "Conversa"): TOTP {
  return new TOTP({ ...TOTP_OPTIONS, label, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URL an authenticator app scans (as a QR code) to add the account. */
export function totpUrl(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/**
 * The time step (Unix time / 30 s) of the code when it is one of the secret's codes within the window
 * around `now`; null otherwise. The caller accepts the step only once (the replay guard).
 */
export function matchTotp(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: now.getTime() }) + delta;
}

/** The code of the secret at `at` (tests and the setup's checks). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}
