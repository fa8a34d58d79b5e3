import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

describe("GET /companies/listPlan/:companyId", () => {
  it("answers the session's own company with its plan flags", async () => {
    const a = await createTenant(t.app, t.db, { flags: { useKanban: false } });

    const response = await t.app.inject({ method: "GET", url: `/companies/listPlan/${a.company.id}`, headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: a.company.id, plan: { id: a.company.plan.id, useKanban: false, useCampaigns: true, value: 99.9 } });
  });

  it("answers 404 ERR_NO_COMPANY_FOUND for another company, exactly as for a missing one", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);

    const other = await t.app.inject({ method: "GET", url: `/companies/listPlan/${a.company.id}`, headers: bearer(b.adminToken) });
    const missing = await t.app.inject({ method: "GET", url: `/companies/listPlan/999999`, headers: bearer(b.adminToken) });

    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toMatchObject({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("lets a super user read any company", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const superUser = await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true });
    const session = await loginAs(t.app, superUser.email);

    const response = await t.app.inject({ method: "GET", url: `/companies/listPlan/${a.company.id}`, headers: bearer(session.token) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: a.company.id });
  });

  it("answers 401 without a session and 400 for a non-numeric id", async () => {
    const a = await createTenant(t.app, t.db);
    expect((await t.app.inject({ method: "GET", url: `/companies/listPlan/${a.company.id}` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "GET", url: "/companies/listPlan/abc", headers: bearer(a.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});
