import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { contacts } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant } from "../../../test/factories.ts";

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

describe("POST /contacts", () => {
  it("creates a contact with the number as digits and its extra information", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/contacts",
      headers: bearer(a.agentToken),
      payload: { name: "João Pereira", number: "+55 (11) 98888-7777", email: "joao@example.com", extraInfo: [{ name: "CPF", value: "123" }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: "João Pereira", number: "5511988887777", extraInfo: [{ name: "CPF", value: "123" }] });
    expect(t.published.some((e) => e.name === "contact.updated")).toBe(true);
  });

  it("answers ERR_DUPLICATED_CONTACT with the existing contact for a number the company has", async () => {
    await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(a.agentToken), payload: { name: "Primeiro", number: "5511977776666" } });
    const dup = await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(a.agentToken), payload: { name: "Segundo", number: "55 11 97777-6666" } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ error: "ERR_DUPLICATED_CONTACT", details: { alreadyExists: true, existingContact: { name: "Primeiro" } } });
    const otherCompany = await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(b.agentToken), payload: { name: "Outro", number: "5511977776666" } });
    expect(otherCompany.statusCode).toBe(200);
  });

  it.each([
    ["a short name", { name: "J", number: "5511999999999" }, "Too Short!"],
    ["a short number", { name: "João", number: "12-34" }, "Too Short!"],
    ["an invalid e-mail", { name: "João", number: "5511999999999", email: "nope" }, "Invalid email"],
  ])("answers 400 ERR_VALIDATION for %s", async (_label, payload, text) => {
    const response = await t.app.inject({ method: "POST", url: "/contacts", headers: bearer(a.agentToken), payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect(response.body).toContain(text);
  });
});

describe("GET /contacts and /contacts/:id", () => {
  it("searches the company's contacts by name or number, and hides other companies'", async () => {
    await t.db.insert(contacts).values([
      { companyId: a.company.id, name: "Maria Clara", number: "5511911110000" },
      { companyId: a.company.id, name: "Pedro", number: "5511922220000" },
      { companyId: b.company.id, name: "Maria Alheia", number: "5511933330000" },
    ]);
    const byName = (await t.app.inject({ method: "GET", url: "/contacts?searchParam=maria", headers: bearer(a.agentToken) })).json();
    expect(byName).toMatchObject({ count: 1, contacts: [{ name: "Maria Clara" }] });
    const byNumber = (await t.app.inject({ method: "GET", url: "/contacts?searchParam=2222", headers: bearer(a.agentToken) })).json();
    expect(byNumber.contacts.map((c: { name: string }) => c.name)).toEqual(["Pedro"]);
    const [foreign] = await t.db.select().from(contacts).where(eq(contacts.companyId, b.company.id));
    const hidden = await t.app.inject({ method: "GET", url: `/contacts/${foreign!.id}`, headers: bearer(a.adminToken) });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
  });
});
