import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { DEFAULT_PASSWORD, bearer, createPlan, createTenant, createUser, loginAs } from "../../test/factories.ts";
import { type TestSmtpServer, codeOf, startSmtpServer } from "../../test/smtp.ts";

/** Each breaks one part of the rule: 8 to 50 characters, an uppercase letter, a lowercase letter, a digit. */
const WEAK = ["aaaaaaaa", "senha-1234", "SENHA-1234", "Senha-sem-numero", "Ab1-x", `Ab1${"x".repeat(48)}`];
const GOOD = "Regra-Unica-2025";

let smtp: TestSmtpServer;
let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let superToken: string;
let planId: number;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ smtpUrl: smtp.url, dataDir: mkdtempSync(path.join(os.tmpdir(), "password-rule-")) });
  tenant = await createTenant(t.app, t.db);
  const superUser = await createUser(t.db, { companyId: tenant.company.id, profile: "admin", isSuper: true });
  superToken = (await loginAs(t.app, superUser.email)).token;
  planId = (await createPlan(t.db)).id;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let count = 0;
const unique = (label: string) => `${label}-${++count}@regra.test`;
/** A client address per request: the tries of one path never reach another's rate limits. */
const address = () => `198.51.100.${count % 250}`;

function resetWith(email: string, code: string, password: string) {
  return t.app.inject({ method: "POST", url: `/resetpasswords/${encodeURIComponent(email)}/${code}/${encodeURIComponent(password)}`, remoteAddress: address() });
}

/** The code of the next mail sent to `email` while `send` runs. */
async function mailedCode(email: string, send: () => Promise<LightMyRequestResponse>): Promise<string> {
  const before = smtp.messages.length;
  const response = await send();
  expect(response.statusCode, response.body).toBe(200);
  return codeOf(await smtp.nextMessageTo(email, { after: before }));
}

/**
 * Every path that sets a password: `prepare` makes what one try needs (an account, a code) and answers
 * the e-mail that logs in afterwards and how to send a password.
 */
const PATHS: { name: string; prepare(): Promise<{ email: string; send(password: string): Promise<LightMyRequestResponse> }> }[] = [
  {
    name: "sign-up (POST /companies/cadastro)",
    prepare: async () => {
      const email = unique("cadastro");
      const send = (password: string) =>
        t.app.inject({ method: "POST", url: "/companies/cadastro", remoteAddress: address(), payload: { name: `Loja ${count}`, email, password, planId } });
      return { email, send };
    },
  },
  {
    name: "a new user (POST /users)",
    prepare: async () => {
      const email = unique("novo");
      const send = (password: string) => t.app.inject({ method: "POST", url: "/users", headers: bearer(tenant.adminToken), payload: { name: "Nova Pessoa", email, password } });
      return { email, send };
    },
  },
  {
    name: "an admin changing a user's password (PUT /users/:id)",
    prepare: async () => {
      const user = await createUser(t.db, { companyId: tenant.company.id, email: unique("outro") });
      const send = (password: string) =>
        t.app.inject({ method: "PUT", url: `/users/${user.id}`, headers: bearer(tenant.adminToken), payload: { name: user.name, email: user.email, password } });
      return { email: user.email, send };
    },
  },
  {
    name: "a user changing their own password from the profile (PUT /users/:id with currentPassword)",
    prepare: async () => {
      const user = await createUser(t.db, { companyId: tenant.company.id, email: unique("proprio") });
      const { token } = await loginAs(t.app, user.email);
      const send = (password: string) =>
        t.app.inject({ method: "PUT", url: `/users/${user.id}`, headers: bearer(token), payload: { name: user.name, email: user.email, password, currentPassword: DEFAULT_PASSWORD } });
      return { email: user.email, send };
    },
  },
  {
    name: "the reset with a mailed code (POST /resetpasswords)",
    prepare: async () => {
      const user = await createUser(t.db, { companyId: tenant.company.id, email: unique("esqueceu") });
      const code = await mailedCode(user.email, () => t.app.inject({ method: "POST", url: `/forgetpassword/${encodeURIComponent(user.email)}`, remoteAddress: address() }));
      return { email: user.email, send: (password: string) => resetWith(user.email, code, password) };
    },
  },
  {
    name: "a new company's first admin accepting the invitation (POST /resetpasswords with the invitation code)",
    prepare: async () => {
      const email = unique("convite");
      const code = await mailedCode(email, () =>
        t.app.inject({
          method: "POST",
          url: "/companies",
          headers: bearer(superToken),
          payload: { name: `Convidada ${count}`, email, phone: "", planId, status: true, campaignsEnabled: true, dueDate: "2027-05-10T12:00:00.000Z", recurrence: "MENSAL" },
        }),
      );
      return { email, send: (password: string) => resetWith(email, code, password) };
    },
  },
];

const loginStatus = async (email: string, password: string) =>
  (await t.app.inject({ method: "POST", url: "/auth/login", payload: { email, password }, remoteAddress: "192.0.2.200" })).statusCode;

describe("the one password rule", () => {
  it.each(PATHS.map((entry) => [entry.name, entry] as const))("%s refuses each weak password with 400 ERR_VALIDATION and takes a good one", async (_name, entry) => {
    const { email, send } = await entry.prepare();
    for (const weak of WEAK) {
      const refused = await send(weak);
      expect(refused.statusCode, `${weak}: ${refused.body}`).toBe(400);
      expect(refused.json(), weak).toMatchObject({ error: "ERR_VALIDATION" });
      expect(await loginStatus(email, weak), weak).not.toBe(200);
    }
    const accepted = await send(GOOD);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await loginStatus(email, GOOD)).toBe(200);
  });
});
