import { readFileSync, readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser } from "mailparser";
import { eq, inArray, sql } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountCodes, auditLogs, users } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { DEFAULT_PASSWORD, bearer, createCompany, createUser, loginAs } from "../../../test/factories.ts";
import { type ReceivedMail, type TestSmtpServer, codeOf, startSmtpServer } from "../../../test/smtp.ts";
import { sendAccountCode } from "./index.ts";

const PUBLIC_URL = "https://app.conversa.test";
const NEW_PASSWORD = "Nova-Senha-2025";

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  smtp.refuseMessages(false);
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
});
afterEach(async () => {
  await t.close();
});

function forget(email: string, options: { language?: string; ip?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url: `/forgetpassword/${encodeURIComponent(email)}`,
    headers: options.language ? { "accept-language": options.language } : {},
    remoteAddress: options.ip ?? "10.1.0.1",
  });
}

function reset(email: string, code: string, password: string, ip = "10.1.0.1") {
  return t.app.inject({
    method: "POST",
    url: `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(code)}/${encodeURIComponent(password)}`,
    remoteAddress: ip,
  });
}

/** Asks for a reset code and reads it from the message the SMTP server received. */
async function requestCode(email: string, language?: string): Promise<{ mail: ReceivedMail; code: string }> {
  const before = smtp.messages.length;
  const response = await forget(email, { language });
  expect(response.statusCode, response.body).toBe(200);
  const mail = await smtp.nextMessageTo(email, { after: before });
  return { mail, code: codeOf(mail) };
}

async function newUser(email = "ana.souza@acme.test") {
  const company = await createCompany(t.db, { name: "Acme" });
  return createUser(t.db, { companyId: company.id, profile: "admin", name: "Ana Souza", email });
}

const codeRows = (userId: number) => t.db.select().from(accountCodes).where(eq(accountCodes.userId, userId)).orderBy(accountCodes.id);
const passwordHashOf = async (userId: number) => (await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]?.hash;
const loginStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: "POST", url: "/auth/login", payload: { email, password }, remoteAddress: "10.9.9.9" })).statusCode;

describe("POST /forgetpassword/:email", () => {
  it("keeps a name with line breaks and markup on one plain line of the mail, and out of the HTML's markup", async () => {
    const company = await createCompany(t.db, { name: "Acme" });
    // Names as stored before names were single-line (the column holds 50 characters).
    const phishing = await createUser(t.db, { companyId: company.id, name: "Ana\n\nConta bloqueada: acesse http://evil.example", email: "ana.phish@acme.test" });
    const markup = await createUser(t.db, { companyId: company.id, name: 'Ana\r\n<a href="http://evil.example">clique</a>', email: "ana.markup@acme.test" });

    const first = (await requestCode(phishing.email)).mail;
    expect(first.subject).toBe("Código para redefinir sua senha");
    expect(first.text.split("\n")[0]).toBe("Olá, Ana Conta bloqueada: acesse http://evil.example!");
    expect(first.text).not.toMatch(/^Conta bloqueada/m);
    expect(first.html).toContain("<p>Olá, Ana Conta bloqueada: acesse http://evil.example!</p>");

    const second = (await requestCode(markup.email)).mail;
    expect(second.text.split("\n")[0]).toBe('Olá, Ana <a href="http://evil.example">clique</a>!');
    expect(second.html).toContain("<p>Olá, Ana &lt;a href=&quot;http://evil.example&quot;&gt;clique&lt;/a&gt;!</p>");
    expect(second.html).not.toContain('<a href="http://evil.example">');
  });

  it("mails a code in Portuguese by default, as plain text and HTML, with a link that opens the code step", async () => {
    await newUser("Ana.Souza@Acme.test");

    const { mail, code } = await requestCode("ana.souza@acme.test");

    expect(mail.to.map((address) => address.toLowerCase())).toEqual(["ana.souza@acme.test"]);
    expect(mail.from).toBe("no-reply@conversa.test");
    expect(mail.subject).toBe("Código para redefinir sua senha");
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(mail.text).toContain("Olá, Ana Souza!");
    expect(mail.text).toContain("30 minutos");
    expect(mail.text).toContain(`${PUBLIC_URL}/forgetpsw?email=Ana.Souza%40Acme.test`);
    expect(mail.raw).toMatch(/content-type:\s*text\/html/i);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain(`<a href="${PUBLIC_URL}/forgetpsw?email=Ana.Souza%40Acme.test">`);
  });

  it("stores only a hash of the code, valid for 30 minutes", async () => {
    const user = await newUser();

    const { code } = await requestCode(user.email);

    const [row] = await codeRows(user.id);
    expect(row).toMatchObject({ purpose: "reset", failedTries: 0, usedAt: null });
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60 * 1000);
  });

  it("writes the mail in the language the web app asks for", async () => {
    const user = await newUser();

    const english = await requestCode(user.email, "en");
    const spanish = await requestCode(user.email, "es-ES,es;q=0.9");

    expect(english.mail.subject).toBe("Code to reset your password");
    expect(english.mail.text).toContain("valid for 30 minutes");
    expect(spanish.mail.subject).toBe("Código para restablecer tu contraseña");
    expect(spanish.mail.text).toContain("válido por 30 minutos");
  });

  it("escapes the user's name in the HTML part", async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id, name: "<b>Eve</b>", email: "eve@acme.test" });

    const { mail } = await requestCode(user.email);

    expect(mail.html).toContain("&lt;b&gt;Eve&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Eve</b>");
  });

  it("answers 404 ERR_EMAIL_NOT_FOUND for an e-mail of no account, and mails nothing", async () => {
    await newUser();
    const before = smtp.messages.length;

    const response = await forget("nobody@acme.test");

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_EMAIL_NOT_FOUND" });
    expect(smtp.messages.length).toBe(before);
  });

  it("answers 400 ERR_VALIDATION for what is not an e-mail", async () => {
    const response = await forget("not-an-email");

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });

  it("replaces the previous code: only the newest one works", async () => {
    const user = await newUser();
    const first = await requestCode(user.email);
    const second = await requestCode(user.email);

    const withFirst = await reset(user.email, first.code, NEW_PASSWORD);
    const withSecond = await reset(user.email, second.code, NEW_PASSWORD);

    expect(withFirst.json()).toMatchObject({ error: "ERR_INVALID_RESET_CODE" });
    expect(withSecond.statusCode).toBe(200);
  });

  it("answers 503 ERR_MAIL_SEND_FAILED when the mail server refuses the message, and keeps no usable code", async () => {
    const user = await newUser();
    smtp.refuseMessages(true);

    const response = await forget(user.email);

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: "ERR_MAIL_SEND_FAILED" });
    expect((await codeRows(user.id)).filter((row) => row.usedAt === null)).toEqual([]);
  });

  it("allows 5 requests per e-mail in 15 minutes, from any address, then answers 429 with Retry-After", async () => {
    const user = await newUser();

    for (let i = 0; i < 5; i++) expect((await forget(user.email, { ip: `10.2.0.${i}` })).statusCode).toBe(200);
    const refused = await forget(user.email, { ip: "10.2.0.99" });

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
  });

  it("allows 20 requests per address in 15 minutes, whatever the e-mails", async () => {
    for (let i = 0; i < 20; i++) expect((await forget(`someone${i}@acme.test`, { ip: "10.3.0.1" })).statusCode).toBe(404);

    expect((await forget("someone-else@acme.test", { ip: "10.3.0.1" })).statusCode).toBe(429);
    expect((await forget("someone-else@acme.test", { ip: "10.3.0.2" })).statusCode).toBe(404);
  });
});

describe("POST /resetpasswords/:email/:token/:newPassword", () => {
  it("sets the new password, answers 200 and ends every session of the user", async () => {
    const user = await newUser();
    const old = await loginAs(t.app, user.email);
    const { code } = await requestCode(user.email);
    t.published.length = 0;

    const response = await reset(user.email, code, NEW_PASSWORD);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Password reset" });
    expect(t.published).toContainEqual({ name: "session.ended", payload: { companyId: user.companyId, userId: user.id } });
    expect((await t.app.inject({ method: "GET", url: "/auth/me", headers: bearer(old.token) })).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: "POST", url: "/auth/refresh_token", cookies: { conversa_rt: old.refreshCookie } });
    expect(refresh.statusCode).toBe(401);
    expect(await loginStatus(user.email, DEFAULT_PASSWORD)).toBe(401);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
    const entries = await t.db.select().from(auditLogs).where(inArray(auditLogs.action, ["auth.password_reset_request", "auth.password_reset"])).orderBy(auditLogs.id);
    expect(entries.map((entry) => [entry.action, entry.userId, entry.targetId])).toEqual([
      ["auth.password_reset_request", user.id, String(user.id)],
      ["auth.password_reset", user.id, String(user.id)],
    ]);
    expect(JSON.stringify(entries)).not.toContain(code);
  });

  it("drops the user's open sockets", async () => {
    const user = await newUser();
    const old = await loginAs(t.app, user.email);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const socket = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, {
      auth: { token: old.token },
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("ready", () => resolve());
        socket.once("connect_error", reject);
      });
      const dropped = new Promise((resolve) => socket.once("disconnect", resolve));
      const { code } = await requestCode(user.email);

      expect((await reset(user.email, code, NEW_PASSWORD)).statusCode).toBe(200);

      await dropped;
    } finally {
      socket.disconnect();
    }
  });

  it("accepts the code typed in lowercase, and only once", async () => {
    const user = await newUser();
    const { code } = await requestCode(user.email);

    const first = await reset(user.email, code.toLowerCase(), NEW_PASSWORD);
    const again = await reset(user.email, code, "Outra-Senha-99");

    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: "ERR_INVALID_RESET_CODE" });
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it.each([
    ["shorter than 8 characters", "Abcde12"],
    ["without an uppercase letter", "abcdefg1"],
    ["without a lowercase letter", "ABCDEFG1"],
    ["without a digit", "Abcdefgh"],
    ["longer than 50 characters", `Ab1${"x".repeat(48)}`],
  ])("refuses a new password %s with 400 ERR_VALIDATION, leaving the code usable", async (_case, weak) => {
    const user = await newUser();
    const { code } = await requestCode(user.email);

    const refused = await reset(user.email, code, weak);

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await codeRows(user.id))[0]).toMatchObject({ failedTries: 0, usedAt: null });
    expect((await reset(user.email, code, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("keeps a password with characters that need escaping in the path", async () => {
    const user = await newUser();
    const { code } = await requestCode(user.email);
    const password = "Ab1 /?#%&+çã";

    expect((await reset(user.email, code, password)).statusCode).toBe(200);
    expect(await loginStatus(user.email, password)).toBe(200);
  });

  it("refuses a code past its 30 minutes with ERR_RESET_CODE_EXPIRED, leaving the password", async () => {
    const user = await newUser();
    const { code } = await requestCode(user.email);
    const hashBefore = await passwordHashOf(user.id);
    await t.db.update(accountCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(accountCodes.userId, user.id));

    const response = await reset(user.email, code, NEW_PASSWORD);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_RESET_CODE_EXPIRED" });
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
  });

  it("accepts the code after 4 wrong tries", async () => {
    const user = await newUser();
    const { code } = await requestCode(user.email);

    for (let i = 0; i < 4; i++) expect((await reset(user.email, "WRONG234", NEW_PASSWORD)).json()).toMatchObject({ error: "ERR_INVALID_RESET_CODE" });

    expect((await reset(user.email, code, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("burns the code at the fifth wrong try: the right code is refused after it", async () => {
    const user = await newUser();
    const { code } = await requestCode(user.email);
    const hashBefore = await passwordHashOf(user.id);

    for (let i = 0; i < 5; i++) expect((await reset(user.email, "WRONG234", NEW_PASSWORD)).statusCode).toBe(400);
    const right = await reset(user.email, code, NEW_PASSWORD);

    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ error: "ERR_INVALID_RESET_CODE" });
    expect(await passwordHashOf(user.id)).toBe(hashBefore);
    expect((await codeRows(user.id))[0]).toMatchObject({ failedTries: 5, usedAt: expect.any(Date) });
  });

  it("answers ERR_INVALID_RESET_CODE for an account without a code and for an e-mail of no account", async () => {
    const user = await newUser();

    for (const email of [user.email, "nobody@acme.test"]) {
      const response = await reset(email, "ABCD2345", NEW_PASSWORD);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: "ERR_INVALID_RESET_CODE" });
    }
  });

  it("lets exactly one of two parallel uses of one code win", async () => {
    const user = await newUser();
    const { code } = await requestCode(user.email);

    const answers = await Promise.all([reset(user.email, code, "Primeira-Senha-1", "10.4.0.1"), reset(user.email, code, "Segunda-Senha-2", "10.4.0.2")]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const winner = answers[0]!.statusCode === 200 ? "Primeira-Senha-1" : "Segunda-Senha-2";
    expect(await loginStatus(user.email, winner)).toBe(200);
    expect((await codeRows(user.id))[0]).toMatchObject({ failedTries: 0, usedAt: expect.any(Date) });
  });

  it("allows 10 tries per e-mail in 15 minutes, then answers 429", async () => {
    const user = await newUser();

    for (let i = 0; i < 10; i++) expect((await reset(user.email, "WRONG234", NEW_PASSWORD, `10.5.0.${i}`)).statusCode).toBe(400);

    const refused = await reset(user.email, "WRONG234", NEW_PASSWORD, "10.5.0.99");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: "ERR_RATE_LIMITED" });
  });

  it("allows 20 tries per address in 15 minutes, whatever the e-mails", async () => {
    for (let i = 0; i < 20; i++) expect((await reset(`someone${i}@acme.test`, "WRONG234", NEW_PASSWORD, "10.6.0.1")).statusCode).toBe(400);

    expect((await reset("someone-else@acme.test", "WRONG234", NEW_PASSWORD, "10.6.0.1")).statusCode).toBe(429);
  });
});

describe("sendAccountCode (the invitation of a new company's first admin)", () => {
  it("mails a code valid for 72 hours that says the account was created and sets the password like a reset code", async () => {
    const user = await newUser();
    const before = smtp.messages.length;

    await sendAccountCode(t.platform, user, "invite", "en");

    const mail = await smtp.nextMessageTo(user.email, { after: before });
    expect(mail.subject).toBe("Your Conversa account was created");
    expect(mail.text).toContain("Your company's Conversa account was created");
    expect(mail.text).toContain("valid for 72 hours");
    expect(mail.text).toContain(`${PUBLIC_URL}/forgetpsw?email=ana.souza%40acme.test`);
    const [row] = await codeRows(user.id);
    expect(row).toMatchObject({ purpose: "invite" });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(72 * 60 * 60 * 1000);
    expect((await reset(user.email, codeOf(mail), NEW_PASSWORD)).statusCode).toBe(200);
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it("without a public URL tells where to go instead of a link", async () => {
    const plain = await buildTestApp({ smtpUrl: smtp.url, publicUrl: undefined });
    try {
      const company = await createCompany(plain.db);
      const user = await createUser(plain.db, { companyId: company.id, name: "Bia", email: "bia@acme.test" });

      const before = smtp.messages.length;
      await sendAccountCode(plain.platform, user, "invite", "pt");

      const mail = await smtp.nextMessageTo(user.email, { after: before });
      expect(mail.text).toContain("/forgetpsw");
      expect(mail.text).not.toContain("http");
      expect(mail.text).toContain("72 horas");
    } finally {
      await plain.close();
    }
  });
});

/** An app of its own whose log lines are kept. */
async function appWithLog(config: Parameters<typeof buildTestApp>[0]) {
  const lines: string[] = [];
  const app = await buildTestApp({ logLevel: "info", ...config }, { logDestination: { write: (line: string) => void lines.push(line) } });
  return { app, log: () => lines.join("") };
}

describe("the log of a password reset", () => {
  it("names the routes but never the e-mail, the code or the new password", async () => {
    const { app, log } = await appWithLog({ smtpUrl: smtp.url });
    try {
      const company = await createCompany(app.db);
      const user = await createUser(app.db, { companyId: company.id, email: "secret.person@acme.test" });
      const before = smtp.messages.length;
      const segments = (...parts: string[]) => parts.map(encodeURIComponent).join("/");

      expect((await app.app.inject({ method: "POST", url: `/forgetpassword/${segments(user.email)}` })).statusCode).toBe(200);
      const code = codeOf(await smtp.nextMessageTo(user.email, { after: before }));
      expect((await app.app.inject({ method: "POST", url: `/resetpasswords/${segments(user.email, "WRONG234", NEW_PASSWORD)}` })).statusCode).toBe(400);
      expect((await app.app.inject({ method: "POST", url: `/resetpasswords/${segments(user.email, code, "weak")}` })).statusCode).toBe(400);
      expect((await app.app.inject({ method: "POST", url: `/resetpasswords/${segments(user.email, code, NEW_PASSWORD)}?x=1` })).statusCode).toBe(200);

      const text = log();
      expect(text).toContain('"url":"/forgetpassword/[Redacted]"');
      expect(text).toContain('"url":"/resetpasswords/[Redacted]"');
      expect(text).toContain("request completed");
      for (const secret of ["secret.person", "secret%2Eperson", code, NEW_PASSWORD, encodeURIComponent(NEW_PASSWORD), "WRONG234", "weak"]) expect(text).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});

describe("without a mail server", () => {
  it("in development writes each message as an .eml file in the mail folder and logs where, not the code", async () => {
    const { app, log } = await appWithLog({ env: "development", smtpUrl: undefined });
    try {
      const company = await createCompany(app.db);
      const user = await createUser(app.db, { companyId: company.id, email: "dev@acme.test" });

      const response = await app.app.inject({ method: "POST", url: `/forgetpassword/${encodeURIComponent(user.email)}` });

      expect(response.statusCode).toBe(200);
      const files = readdirSync(app.mailDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      expect(files[0]).not.toContain("dev");
      const file = path.join(app.mailDir, files[0]!);
      const written = await simpleParser(readFileSync(file));
      expect(written.subject).toBe("Código para redefinir sua senha");
      const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(written.text ?? "")?.[1];
      expect(code).toBeDefined();
      expect(log()).toContain(JSON.stringify(file));
      expect(log()).not.toContain(code!);
      expect((await app.app.inject({ method: "POST", url: `/resetpasswords/${encodeURIComponent(user.email)}/${code}/${NEW_PASSWORD}` })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("in production says so at startup and answers 503 ERR_MAIL_NOT_CONFIGURED where mail is needed", async () => {
    const { app, log } = await appWithLog({ env: "production", smtpUrl: undefined });
    try {
      const company = await createCompany(app.db);
      const user = await createUser(app.db, { companyId: company.id, email: "prod@acme.test" });

      const response = await app.app.inject({ method: "POST", url: `/forgetpassword/${encodeURIComponent(user.email)}` });

      expect(log()).toContain("SMTP_URL is not set, so password reset and account invitations are off");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ error: "ERR_MAIL_NOT_CONFIGURED" });
      await expect(sendAccountCode(app.platform, user, "invite", "pt")).rejects.toMatchObject({ code: "ERR_MAIL_NOT_CONFIGURED" });
      expect(await app.db.select().from(accountCodes)).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
