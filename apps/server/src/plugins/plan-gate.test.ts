import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../../test/build-test-app.ts";
import { bearer, createTenant } from "../../test/factories.ts";
import { companies } from "../db/schema/index.ts";
import { registerAuth } from "./auth.ts";
import { registerPlanGate } from "./plan-gate.ts";

const t = await buildTestApp();
afterAll(() => t.close());

describe("registerPlanGate", () => {
  it("refuses to register a plan-flagged route without the authentication hook", async () => {
    const app = Fastify();
    registerAuth(app, t.platform.auth);
    registerPlanGate(app, t.db);
    expect(() => app.get("/open", { config: { planFlag: "useKanban" } }, () => ({ ok: true }))).toThrow(/GET \/open declares planFlag useKanban without the authentication hook/);
    await app.close();
  });

  it("answers 401 before the gate without a session, and the gate's 403 with one", async () => {
    const c = await createTenant(t.app, t.db, { flags: { useKanban: false } });
    const anonymous = await t.app.inject({ method: "GET", url: "/tags/kanban" });
    expect(anonymous.json()).toMatchObject({ error: "ERR_SESSION_EXPIRED" });
    const gated = await t.app.inject({ method: "GET", url: "/tags/kanban", headers: bearer(c.agentToken) });
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({ error: "ERR_PLAN_FEATURE_DISABLED", details: { planFlag: "useKanban" } });
  });

  it("lets through a company whose plan has the flag on, and one without a plan", async () => {
    const c = await createTenant(t.app, t.db);
    expect((await t.app.inject({ method: "GET", url: "/tags/kanban", headers: bearer(c.agentToken) })).statusCode).toBe(200);
    await t.db.update(companies).set({ planId: null }).where(eq(companies.id, c.company.id));
    expect((await t.app.inject({ method: "GET", url: "/tags/kanban", headers: bearer(c.agentToken) })).statusCode).toBe(200);
  });
});
