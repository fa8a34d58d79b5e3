import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queues } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant } from "../../../test/factories.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

describe("GET /queue", () => {
  it("lists the company's queues to any user, ordered by orderQueue then name", async () => {
    const a = await createTenant(t.app, t.db);
    await t.db.insert(queues).values([
      { companyId: a.company.id, name: "Suporte", color: "#0000ff", orderQueue: 2, greetingMessage: "Suporte aqui" },
      { companyId: a.company.id, name: "Vendas", color: "#00ff00", orderQueue: 1 },
      { companyId: a.company.id, name: "Avulsa", color: "#ff0000" },
    ]);

    const response = await t.app.inject({ method: "GET", url: "/queue", headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: expect.any(Number), name: "Vendas", color: "#00ff00", orderQueue: 1, greetingMessage: "", outOfHoursMessage: "" },
      { id: expect.any(Number), name: "Suporte", color: "#0000ff", orderQueue: 2, greetingMessage: "Suporte aqui", outOfHoursMessage: "" },
      { id: expect.any(Number), name: "Avulsa", color: "#ff0000", orderQueue: null, greetingMessage: "", outOfHoursMessage: "" },
    ]);
  });

  it("lists only the session's company, whatever companyId the query names", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    await t.db.insert(queues).values([
      { companyId: a.company.id, name: "Da A", color: "#00ff00" },
      { companyId: b.company.id, name: "Da B", color: "#00ff00" },
    ]);

    const response = await t.app.inject({ method: "GET", url: `/queue?companyId=${a.company.id}`, headers: bearer(b.adminToken) });

    expect(response.json().map((queue: { name: string }) => queue.name)).toEqual(["Da B"]);
  });

  it("answers 401 without a session and 400 for a bad query", async () => {
    const a = await createTenant(t.app, t.db);
    expect((await t.app.inject({ method: "GET", url: "/queue" })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: "GET", url: "/queue?companyId=abc", headers: bearer(a.adminToken) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "ERR_VALIDATION" });
  });
});
