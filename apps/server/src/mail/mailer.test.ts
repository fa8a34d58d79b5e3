import { readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testConfig } from "../../test/build-test-app.ts";
import { type TestSmtpServer, startSmtpServer } from "../../test/smtp.ts";
import { createLogger } from "../lib/logger.ts";
import { createMailer } from "./mailer.ts";

const SMTP_PASSWORD = "s3cr3t-smtp-pass";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer({ auth: { user: "mailer", pass: SMTP_PASSWORD } });
});
afterAll(async () => {
  await smtp.close();
});

function capture() {
  const lines: string[] = [];
  return { logger: createLogger("trace", { write: (line: string) => void lines.push(line) }), log: () => lines.join("") };
}

const message = { to: "ana@acme.test", subject: "Olá", text: "Texto simples com código XY23ZW45", html: "<p>HTML</p>" };

describe("createMailer", () => {
  it("sends through SMTP_URL with its credentials, a plain-text part and the configured sender, and logs neither the credentials nor the content", async () => {
    const { logger, log } = capture();
    const url = `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`;
    const mailer = createMailer(testConfig({ smtpUrl: url, mailFrom: "Acme <no-reply@acme.test>" }), logger);
    const before = smtp.messages.length;

    await mailer.send(message);
    mailer.close();

    const mail = await smtp.nextMessageTo("ana@acme.test", { after: before });
    expect(mail).toMatchObject({ user: "mailer", from: "no-reply@acme.test", subject: "Olá" });
    expect(mail.text.trim()).toBe(message.text);
    expect(mail.raw).toContain("From: Acme <no-reply@acme.test>");
    expect(mailer).toMatchObject({ kind: "smtp", enabled: true });
    expect(log()).toContain("mail sent");
    for (const secret of [SMTP_PASSWORD, "XY23ZW45", "ana@acme.test"]) expect(log()).not.toContain(secret);
  });

  it("answers ERR_MAIL_SEND_FAILED when the server refuses the login, without logging the credentials", async () => {
    const { logger, log } = capture();
    const mailer = createMailer(testConfig({ smtpUrl: `smtp://mailer:wrong-${SMTP_PASSWORD}@127.0.0.1:${smtp.port}` }), logger);

    await expect(mailer.send(message)).rejects.toMatchObject({ code: "ERR_MAIL_SEND_FAILED" });
    mailer.close();

    expect(log()).toContain("mail not sent");
    expect(log()).not.toContain(SMTP_PASSWORD);
  });

  it("outside production without SMTP_URL writes .eml files into the mail folder", async () => {
    const { logger } = capture();
    const dir = path.join(os.tmpdir(), `conversa-mailer-test-${process.pid}`);
    try {
      const mailer = createMailer(testConfig({ env: "development" }), logger, dir);

      await mailer.send(message);

      expect(mailer.kind).toBe("file");
      const [file] = readdirSync(dir);
      const eml = readFileSync(path.join(dir, file!), "utf8");
      expect(eml).toMatch(/^To: ana@acme\.test$/m);
      expect(eml).toMatch(/content-type:\s*text\/plain/i);
      expect(eml).toMatch(/content-type:\s*text\/html/i);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("in production without SMTP_URL is off and says so once, as an error", async () => {
    const { logger, log } = capture();

    const mailer = createMailer(testConfig({ env: "production" }), logger);

    expect(mailer).toMatchObject({ kind: "disabled", enabled: false });
    await expect(mailer.send(message)).rejects.toMatchObject({ code: "ERR_MAIL_NOT_CONFIGURED" });
    expect(log()).toMatch(/"level":50[^\n]*SMTP_URL is not set/);
  });
});
