import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The known-device cookie: set on every successful login, it names the accounts that logged in from this
 * browser, each with a MAC over the user id under a key derived from the refresh secret. It lets no one
 * log in; it only exempts its accounts' logins from other people's failures (docs/security.md).
 */
export const KNOWN_DEVICE_COOKIE = "conversa_kd";

/** Accounts one browser remembers (a shared office computer), the most recent first. */
const MAX_ACCOUNTS = 5;

/** The cookie lives about a year. */
export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

function macOf(secret: string, userId: number): string {
  return createHmac("sha256", secret).update(`conversa-known-device\n${userId}`).digest("base64url").slice(0, 22);
}

const ENTRY = /^(\d{1,10})\.([A-Za-z0-9_-]{22})$/;

function entriesOf(cookie: string | undefined): { userId: number; mac: string }[] {
  if (!cookie || cookie.length > 400) return [];
  return cookie.split("~").flatMap((entry) => {
    const match = ENTRY.exec(entry);
    return match?.[1] && match[2] ? [{ userId: Number(match[1]), mac: match[2] }] : [];
  });
}

/** Whether the cookie carries a valid entry for the user. */
export function isKnownDevice(secret: string, cookie: string | undefined, userId: number): boolean {
  const expected = Buffer.from(macOf(secret, userId));
  return entriesOf(cookie).some((entry) => entry.userId === userId && timingSafeEqual(Buffer.from(entry.mac), expected));
}

/** The cookie's value after a login of `userId`: its entry first, then the other valid ones it held. */
export function withKnownDevice(secret: string, cookie: string | undefined, userId: number): string {
  const others = entriesOf(cookie).filter((entry) => entry.userId !== userId && isKnownDevice(secret, `${entry.userId}.${entry.mac}`, entry.userId));
  return [{ userId, mac: macOf(secret, userId) }, ...others]
    .slice(0, MAX_ACCOUNTS)
    .map((entry) => `${entry.userId}.${entry.mac}`)
    .join("~");
}
