import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";

/**
 * Encrypts secrets kept in the database (AES-256-GCM, a fresh 12-byte nonce each time) with a key the
 * server holds (DATA_ENCRYPTION_KEY), so that a copy of the database alone reveals none of them. The
 * stored form is `v1.{nonce}.{tag}.{ciphertext}`, base64url parts.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash("sha256").update(`conversa-secret-box:${secret}`).digest();
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.key, nonce);
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [VERSION, nonce.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
  }

  /** The plain text, or undefined when the value was sealed with another key or altered. */
  open(sealed: string): string | undefined {
    const [version, nonce, tag, data] = sealed.split(".");
    if (version !== VERSION || nonce === undefined || tag === undefined || data === undefined) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, Buffer.from(nonce, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }
}

/** How a secret is shown: its last 4 characters only (nothing at all when it is that short). */
export function maskSecret(plain: string | null | undefined): string | null {
  if (!plain) return null;
  return plain.length <= 8 ? "••••" : `••••${plain.slice(-4)}`;
}
