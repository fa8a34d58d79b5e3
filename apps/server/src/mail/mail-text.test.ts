import { describe, expect, it } from "vitest";
import { composeAccountCodeMail } from "../modules/account-codes/account-code-mail.ts";
import { escapeHtml, mailLine } from "./mail-text.ts";

const PHISHING_NAME = "Ana\n\nSua conta foi bloqueada: acesse http://evil.example";

describe("mailLine", () => {
  it.each([
    [PHISHING_NAME, "Ana Sua conta foi bloqueada: acesse http://evil.example"],
    ["Ana\r\nBcc: outro@evil.example", "Ana Bcc: outro@evil.example"],
    ["  Ana\u2028\u2029Souza\t\u000b\u0085 ", "Ana Souza"],
    ["Ana\u202egnp.exe", "Ana gnp.exe"],
    ["Loja da Maria", "Loja da Maria"],
    ["x".repeat(100), `${"x".repeat(79)}…`],
  ])("makes %j one plain line: %j", (name, line) => {
    expect(mailLine(name)).toBe(line);
  });
});

describe("escapeHtml", () => {
  it("shows markup as text", () => {
    expect(escapeHtml(`<a href="http://evil.example">Ana</a> & 'co'`)).toBe("&lt;a href=&quot;http://evil.example&quot;&gt;Ana&lt;/a&gt; &amp; &#39;co&#39;");
  });
});

describe("composeAccountCodeMail", () => {
  it.each(["reset", "invite"] as const)("keeps a %s mail's name on the greeting's line and its markup out of the HTML", (purpose) => {
    const name = `${PHISHING_NAME}\n<a href="http://evil.example">clique aqui</a>`;
    const mail = composeAccountCodeMail({ purpose, language: "pt", name, email: "ana@example.com", code: "ABCD2345", link: undefined });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).not.toContain("evil");
    const greeting = mail.text.split("\n")[0];
    expect(greeting).toBe(`Olá, ${mailLine(name)}!`);
    expect(greeting).toMatch(/^Olá, Ana Sua conta foi bloqueada: acesse http:\/\/evil\.example <a href="http:\/\/evil\.ex.*…!$/);
    expect(mail.text).not.toMatch(/^Sua conta foi bloqueada/m);
    expect(mail.html).not.toContain("<a href=\"http://evil.example\"");
    expect(mail.html).not.toMatch(/Ana\s*<br|<p>Sua conta/);
  });
});
