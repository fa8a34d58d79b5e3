import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, DEFAULT_MAIL_FROM, loadConfig } from "./config.ts";

const strong = "a-very-long-production-secret-0123456789abcdef";
const dataDir = () => mkdtempSync(path.join(os.tmpdir(), "conversa-config-"));

describe("loadConfig", () => {
  it("refuses an ADMIN_PASSWORD that does not follow the password rule, and takes one that does", () => {
    for (const weak of ["aaaaaaaa", "senha-1234", "Abc1"]) expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: weak }), weak).toThrow(/ADMIN_PASSWORD/);
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: "Chosen-pass-1" }).adminPassword).toBe("Chosen-pass-1");
  });

  it("refuses to start in production without its own secrets", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir() })).toThrow(ConfigError);
  });

  it("has payments off in production by default, and refuses payments there without a webhook secret of its own", () => {
    const production = { NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: `${strong}-refresh`, DATA_ENCRYPTION_KEY: `${strong}-data`, DATA_DIR: dataDir() } as const;
    expect(loadConfig(production).billing.provider).toBeNull();
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDER: "simulator" })).toThrow(/PAYMENT_WEBHOOK_SECRET/);
    const efi = { ...production, EFI_CLIENT_ID: "id", EFI_CLIENT_SECRET: "secret", EFI_CERTIFICATE: "/certs/efi.p12", PIX_KEY: "chave" };
    expect(() => loadConfig(efi)).toThrow(/PAYMENT_WEBHOOK_SECRET/);
    expect(loadConfig({ ...efi, PAYMENT_WEBHOOK_SECRET: `${strong}-webhook` }).billing).toMatchObject({ provider: "efi", webhookSecret: `${strong}-webhook` });
    expect(() => loadConfig({ ...production, PAYMENT_WEBHOOK_SECRET: `${strong}-webhook`, EFI_CLIENT_ID: "id" })).toThrow(/EFI_CLIENT_SECRET, EFI_CERTIFICATE, PIX_KEY/);
  });

  it("uses the payment simulator outside production", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).billing.provider).toBe("simulator");
    expect(loadConfig({ DATA_DIR: dataDir(), SIMULATOR: "off" }).billing.provider).toBeNull();
  });

  it("refuses to start in production without its own data encryption key", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: `${strong}-r`, DATA_DIR: dataDir() })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: `${strong}-r`, DATA_ENCRYPTION_KEY: "changeme", DATA_DIR: dataDir() })).toThrow(/DATA_ENCRYPTION_KEY/);
  });

  it("refuses short, well-known or identical secrets in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: "secret", JWT_REFRESH_SECRET: strong })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: strong })).toThrow(/differ/);
  });

  it("starts in production with strong secrets of its own and turns the simulator off", () => {
    const config = loadConfig({ NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: `${strong}-r`, DATA_ENCRYPTION_KEY: `${strong}-k`, DATA_DIR: dataDir() });
    expect(config.jwtSecret).toBe(strong);
    expect(config.simulator).toBe(false);
  });

  it("outside production generates secrets once and keeps them in the data directory", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(first.jwtRefreshSecret).not.toBe(first.jwtSecret);
    expect(first.dataEncryptionKey.length).toBeGreaterThanOrEqual(32);
    expect(second.dataEncryptionKey).toBe(first.dataEncryptionKey);
    expect(first.dataEncryptionKey).not.toBe(first.jwtSecret);
  });

  it("applies the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 8080, adminEmail: "admin@conversa.local", simulator: true, databaseUrl: undefined });
  });

  it("reads the mail server, the sender and the public URL", () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: "smtps://mailer:p4ss@mail.example.com:465",
      MAIL_FROM: "Acme <no-reply@acme.example>",
      PUBLIC_URL: "https://app.acme.example/",
    });
    expect(config).toMatchObject({ smtpUrl: "smtps://mailer:p4ss@mail.example.com:465", mailFrom: "Acme <no-reply@acme.example>", publicUrl: "https://app.acme.example" });
  });

  it("without mail settings has no mail server, a default sender and, outside production, the server's own origin as public URL", () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: "9090", SMTP_URL: "", PUBLIC_URL: "" })).toMatchObject({
      smtpUrl: undefined,
      mailFrom: DEFAULT_MAIL_FROM,
      publicUrl: "http://localhost:9090",
    });
    const production = loadConfig({ NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: `${strong}-r`, DATA_ENCRYPTION_KEY: `${strong}-k`, DATA_DIR: dataDir() });
    expect(production).toMatchObject({ smtpUrl: undefined, publicUrl: undefined });
  });

  it("refuses a mail server URL that is not SMTP without repeating it (it may hold a password)", () => {
    const attempt = () => loadConfig({ DATA_DIR: dataDir(), SMTP_URL: "https://mailer:hunter2@mail.example.com" });
    expect(attempt).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(attempt).not.toThrow(/hunter2/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: "ftp://app.example" })).toThrow(/PUBLIC_URL/);
  });

  it("refuses to send mail in production without the sender given", () => {
    const production = { NODE_ENV: "production", JWT_SECRET: strong, JWT_REFRESH_SECRET: `${strong}-r`, DATA_ENCRYPTION_KEY: `${strong}-k`, DATA_DIR: dataDir(), SMTP_URL: "smtp://mail.example.com:587" };
    expect(() => loadConfig(production)).toThrow(/MAIL_FROM/);
    expect(loadConfig({ ...production, MAIL_FROM: "no-reply@example.com" }).mailFrom).toBe("no-reply@example.com");
  });

  it("reads CORS_ORIGINS as exact origins, none by default, and refuses anything that is not an origin", () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ corsOrigins: [], refreshCookieSameSite: "strict" });
    const config = loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: " https://A.example , http://localhost:5173,https://a.example:443/", REFRESH_COOKIE_SAMESITE: "none" });
    expect(config).toMatchObject({ corsOrigins: ["https://a.example", "http://localhost:5173"], refreshCookieSameSite: "none" });
    for (const bad of ["*", "https://*.example", "https://a.example/app", "a.example", "ftp://a.example", "https://user:pw@a.example", "https://a.example?x=1"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
    expect(() => loadConfig({ DATA_DIR: dataDir(), REFRESH_COOKIE_SAMESITE: "sometimes" })).toThrow(/REFRESH_COOKIE_SAMESITE/);
  });

  it("reads EGRESS_ALLOW as host names and CIDRs, none by default, and refuses to start with a malformed entry named", () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ egressAllow: { hosts: [], cidrs: [] }, botConcurrency: 16 });
    const config = loadConfig({ DATA_DIR: dataDir(), EGRESS_ALLOW: "N8N.internal, 10.0.0.0/24, fd00::/8", BOT_CONCURRENCY: "4" });
    expect(config.egressAllow.hosts).toEqual(["n8n.internal"]);
    expect(config.egressAllow.cidrs.map(([address, bits]) => `${address.toString()}/${bits}`)).toEqual(["10.0.0.0/24", "fd00::/8"]);
    expect(config.botConcurrency).toBe(4);
    expect(() => loadConfig({ DATA_DIR: dataDir(), EGRESS_ALLOW: "n8n.internal,10.0.0.0/40" })).toThrow(/EGRESS_ALLOW: "10\.0\.0\.0\/40" is not a valid CIDR/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), EGRESS_ALLOW: "http://n8n:5678" })).toThrow(ConfigError);
  });

  it("rejects an invalid port", () => {
    expect(() => loadConfig({ PORT: "not-a-port", DATA_DIR: dataDir() })).toThrow(ConfigError);
  });
});
