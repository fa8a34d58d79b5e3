import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { bearer, createPlan, createTenant, createUser, loginAs } from "../../test/factories.ts";

let t: TestApp;
let tenant: Awaited<ReturnType<typeof createTenant>>;
let superToken: string;
let planId: number;
beforeAll(async () => {
  t = await buildTestApp();
  tenant = await createTenant(t.app, t.db);
  const superUser = await createUser(t.db, { companyId: tenant.company.id, profile: "admin", isSuper: true });
  superToken = (await loginAs(t.app, superUser.email)).token;
  planId = (await createPlan(t.db)).id;
});
afterAll(() => t.close());

const MULTI_LINE = ["Ana\n\nConta bloqueada", "Ana\r\nSouza", "Ana\u2028Souza", "Ana\u0000Souza", "Ana\tSouza"];

/** A user created, a user renamed, a sign-up and a company created by the super user, each named `name`. */
function nameEverywhere(name: string, tag: string) {
  return Promise.all([
    t.app.inject({ method: "POST", url: "/users", headers: bearer(tenant.adminToken), payload: { name, email: `nome-${tag}@linhas.test`, password: "Regra-Unica-2025" } }),
    t.app.inject({ method: "PUT", url: `/users/${tenant.agent.id}`, headers: bearer(tenant.adminToken), payload: { name, email: tenant.agent.email } }),
    t.app.inject({ method: "POST", url: "/companies/cadastro", remoteAddress: "198.51.100.77", payload: { name, email: `dono-${tag}@linhas.test`, password: "Regra-Unica-2025", planId } }),
    t.app.inject({
      method: "POST",
      url: "/companies",
      headers: bearer(superToken),
      payload: { name: `${name} SA`, email: `empresa-${tag}@linhas.test`, phone: "", planId, status: true, campaignsEnabled: true, dueDate: "2027-05-10T12:00:00.000Z", recurrence: "MENSAL" },
    }),
  ]);
}

describe("names are single-line", () => {
  it("take a name on one line everywhere", async () => {
    for (const answer of await nameEverywhere("Ana Souza", "ok")) expect(answer.statusCode, answer.body).toBe(200);
  });

  it.each(MULTI_LINE)("user, sign-up and company names refuse %j with 400 ERR_VALIDATION", async (name) => {
    const answers = await nameEverywhere(name, "bad");
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ error: "ERR_VALIDATION" });
    }
  });

  it("still lists and shows a user whose stored name has a line break", async () => {
    const stored = await createUser(t.db, { companyId: tenant.company.id, name: "Ana\nAntiga" });
    const shown = await t.app.inject({ method: "GET", url: `/users/${stored.id}`, headers: bearer(tenant.adminToken) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ name: "Ana\nAntiga" });
    const listed = await t.app.inject({ method: "GET", url: "/users", headers: bearer(tenant.adminToken) });
    expect(listed.json<{ users: { name: string }[] }>().users.map((user) => user.name)).toContain("Ana\nAntiga");
  });
});
