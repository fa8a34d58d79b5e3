import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS } from "@conversa/shared";
import { auditLogs, companies } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
});
afterEach(async () => {
  await t.close();
});

const schedulesOf = async (companyId: number) => (await t.db.select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, companyId)))[0]?.schedules;
const put = (companyId: number, token: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: `/companies/${companyId}/schedules`, headers: token ? bearer(token) : {}, payload });

const weekdays = DEFAULT_BUSINESS_HOURS.map((day) => ({ ...day }));
/** Hours other than the default week, so that "saved nothing" and "saved these" look different. */
const sundaysToo = weekdays.map((day) => (day.weekdayEn === "sunday" ? { ...day, startTime: "10:00", endTime: "14:00" } : day));

describe("GET /companies/:id", () => {
  it("answers the own company with its plan id, due date, time zone and hours, and no more", async () => {
    await t.db.update(companies).set({ schedules: weekdays, email: "financeiro@example.com" }).where(eq(companies.id, a.company.id));

    const response = await t.app.inject({ method: "GET", url: `/companies/${a.company.id}`, headers: bearer(a.agentToken) });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: a.company.id,
      name: a.company.name,
      planId: a.company.plan.id,
      dueDate: a.company.dueDate?.toISOString(),
      timezone: "America/Sao_Paulo",
      schedules: weekdays,
    });
    expect(response.body).not.toContain("financeiro@example.com");
  });

  it("answers the default week for a company whose hours were never saved: they are the hours in force", async () => {
    const response = await t.app.inject({ method: "GET", url: `/companies/${a.company.id}`, headers: bearer(a.adminToken) });
    expect(response.json()).toMatchObject({ schedules: weekdays });
    expect(await schedulesOf(a.company.id)).toEqual(weekdays);
  });

  it("answers [] for hours stored in a shape that is not a weekly schedule", async () => {
    await t.db.update(companies).set({ schedules: { monday: "always" } }).where(eq(companies.id, a.company.id));
    const response = await t.app.inject({ method: "GET", url: `/companies/${a.company.id}`, headers: bearer(a.adminToken) });
    expect(response.json()).toMatchObject({ schedules: [] });
  });

  it("answers 404 ERR_NO_COMPANY_FOUND for another company, exactly as for a missing one", async () => {
    const other = await t.app.inject({ method: "GET", url: `/companies/${b.company.id}`, headers: bearer(a.adminToken) });
    const missing = await t.app.inject({ method: "GET", url: "/companies/999999", headers: bearer(a.adminToken) });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect(other.json()).toMatchObject({ error: "ERR_NO_COMPANY_FOUND" });
  });

  it("lets a super user read another company", async () => {
    const superUser = await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true });
    const session = await loginAs(t.app, superUser.email);
    const response = await t.app.inject({ method: "GET", url: `/companies/${a.company.id}`, headers: bearer(session.token) });
    expect(response.json()).toMatchObject({ id: a.company.id });
  });

  it("answers 401 without a session and 400 for a bad id", async () => {
    expect((await t.app.inject({ method: "GET", url: `/companies/${a.company.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/companies/abc", headers: bearer(a.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/companies/0", headers: bearer(a.adminToken) })).statusCode).toBe(400);
  });
});

describe("PUT /companies/:id/schedules", () => {
  it("lets an admin save the company's weekly hours", async () => {
    const hours = weekdays.map((day) => (day.weekdayEn === "saturday" ? { ...day, startTime: "09:00", endTime: "13:00" } : day));

    const response = await put(a.company.id, a.adminToken, { schedules: hours });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: a.company.id, schedules: hours });
    expect(await schedulesOf(a.company.id)).toEqual(hours);
    expect(await schedulesOf(b.company.id)).toEqual(weekdays);
  });

  it("records the change in the audit log with the hours before and after", async () => {
    expect((await put(a.company.id, a.adminToken, { schedules: sundaysToo })).statusCode).toBe(200);

    const entries = await t.db.select().from(auditLogs).where(eq(auditLogs.action, "company.schedules.update"));
    expect(entries).toMatchObject([{ companyId: a.company.id, userId: a.admin.id, actorKind: "user", targetType: "company", targetId: String(a.company.id) }]);
    expect(entries[0]!.changes).toEqual({ schedules: { before: weekdays, after: sundaysToo } });
  });

  it("answers ERR_NO_PERMISSION to a user-profile account and saves nothing", async () => {
    const response = await put(a.company.id, a.agentToken, { schedules: sundaysToo });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect(await schedulesOf(a.company.id)).toEqual(weekdays);
  });

  it("answers 404 for another company's id and leaves its hours unchanged", async () => {
    const response = await put(b.company.id, a.adminToken, { schedules: sundaysToo });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: "ERR_NO_COMPANY_FOUND" });
    expect(await schedulesOf(b.company.id)).toEqual(weekdays);
  });

  it("lets a super user save another company's hours", async () => {
    const superUser = await createUser(t.db, { companyId: b.company.id, profile: "admin", isSuper: true });
    const session = await loginAs(t.app, superUser.email);
    expect((await put(a.company.id, session.token, { schedules: sundaysToo })).statusCode).toBe(200);
    expect(await schedulesOf(a.company.id)).toEqual(sundaysToo);
  });

  it.each([
    ["a time that is not HH:MM", { schedules: [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "8:00", endTime: "18:00" }] }],
    ["an hour past 23", { schedules: [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "24:00", endTime: "18:00" }] }],
    ["a duplicate weekday", { schedules: [weekdays[0], weekdays[0]] }],
    ["an unknown weekday", { schedules: [{ weekday: "Feriado", weekdayEn: "holiday", startTime: "08:00", endTime: "18:00" }] }],
    ["more than seven days", { schedules: [...weekdays, weekdays[0]] }],
    ["a missing schedules field", {}],
    ["an unknown field", { schedules: sundaysToo, timezone: "UTC" }],
  ])("answers 400 ERR_VALIDATION for %s and saves nothing", async (_label, payload) => {
    const response = await put(a.company.id, a.adminToken, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(await schedulesOf(a.company.id)).toEqual(weekdays);
  });

  it("answers 401 without a session", async () => {
    expect((await put(a.company.id, undefined, { schedules: weekdays })).statusCode).toBe(401);
  });
});
