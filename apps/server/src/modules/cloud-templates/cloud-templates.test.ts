import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cloudTemplates } from "../../db/schema/index.ts";
import { SecretBox } from "../../lib/secret-box.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { createConnectionRow } from "../../../test/engine-harness.ts";
import { type FakeGraph, startFakeGraph } from "../../../test/fake-graph.ts";
import { bearer, createCloudConnection, createTenant } from "../../../test/factories.ts";
import { refreshAllCloudTemplates } from "./index.ts";

let fake: FakeGraph;
let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
let connectionId: number;

const template = (name: string, status = "APPROVED", text = `Olá {{1}}, pedido {{2}}`, language = "pt_BR") => ({
  name,
  language,
  category: "UTILITY",
  status,
  components: [{ type: "HEADER", format: "TEXT", text: "Cabeçalho" }, { type: "BODY", text }, { type: "FOOTER", text: "Rodapé" }],
});

beforeEach(async () => {
  fake = await startFakeGraph();
  t = await buildTestApp({ whatsappCloudApiUrl: fake.url });
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
  connectionId = (await createCloudConnection(t.db, { companyId: a.company.id })).connection.id;
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

const list = (token: string, id = connectionId, query = "") => t.app.inject({ method: "GET", url: `/whatsapp/${id}/templates${query}`, headers: bearer(token) });
const stored = () => t.db.select().from(cloudTemplates).where(eq(cloudTemplates.connectionId, connectionId));

describe("GET /whatsapp/:whatsappId/templates", () => {
  it("answers 401 without a session, 404 for another company's connection, 400 for a bad refresh", async () => {
    expect((await t.app.inject({ method: "GET", url: `/whatsapp/${connectionId}/templates` })).statusCode).toBe(401);
    const other = await list(b.adminToken, connectionId, "?refresh=true");
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe("ERR_NO_WAPP_FOUND");
    expect(fake.requests).toHaveLength(0);
    expect((await list(a.adminToken, connectionId, "?refresh=yes")).statusCode).toBe(400);
  });

  it("reads every page from the Graph API on refresh and answers the templates with their body and parameter count, to any user", async () => {
    fake.templatesPageSize = 2;
    fake.templates = [template("a_um"), template("b_dois", "PENDING", "Sem parâmetros"), template("c_tres"), template("c_tres", "APPROVED", "Hello {{1}}", "en_US"), template("d_quatro", "REJECTED")];
    expect((await list(a.agentToken)).json()).toEqual([]);
    const response = await list(a.agentToken, connectionId, "?refresh=true");
    expect(response.statusCode).toBe(200);
    const names = response.json().map((x: { name: string; language: string }) => `${x.name}/${x.language}`);
    expect(names).toEqual(["a_um/pt_BR", "b_dois/pt_BR", "c_tres/en_US", "c_tres/pt_BR", "d_quatro/pt_BR"]);
    expect(response.json()[0]).toMatchObject({ category: "UTILITY", status: "APPROVED", body: "Olá {{1}}, pedido {{2}}", parameterCount: 2 });
    expect(response.json()[1]).toMatchObject({ status: "PENDING", body: "Sem parâmetros", parameterCount: 0 });
    const pages = fake.requests.filter((r) => r.path === "/2000000002/message_templates");
    expect(pages).toHaveLength(3);
    expect(pages[0]!.headers.authorization).toBe("Bearer fake-token");
    // Without refresh the stored list answers, and the Graph API is not called.
    expect((await list(a.agentToken)).json()).toHaveLength(5);
    expect(fake.requests.filter((r) => r.path.endsWith("/message_templates"))).toHaveLength(3);
  });

  it("updates changed templates and removes those Meta no longer lists", async () => {
    fake.templates = [template("fica"), template("sai")];
    await list(a.adminToken, connectionId, "?refresh=true");
    fake.templates = [template("fica", "PAUSED", "Novo {{1}} {{2}} {{3}}"), template("novo")];
    const response = await list(a.adminToken, connectionId, "?refresh=true");
    expect(response.json().map((x: { name: string }) => x.name)).toEqual(["fica", "novo"]);
    expect(response.json()[0]).toMatchObject({ status: "PAUSED", body: "Novo {{1}} {{2}} {{3}}", parameterCount: 3 });
    expect(await stored()).toHaveLength(2);
    fake.templates = [];
    expect((await list(a.adminToken, connectionId, "?refresh=true")).json()).toEqual([]);
  });

  it("answers a connection of another provider with no templates, without calling the Graph API", async () => {
    const beta = await createConnectionRow(t.db, a.company.id, { isDefault: false });
    const response = await list(a.adminToken, beta.id, "?refresh=true");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("answers ERR_CLOUD_TOKEN_INVALID when Meta refuses the token, ERR_CLOUD_GRAPH_FAILED when it fails, and keeps the stored list", async () => {
    await list(a.adminToken, connectionId, "?refresh=true");
    fake.failNext("/2000000002/message_templates", { status: 401, error: { code: 190, error_subcode: 463, message: "Error validating access token: Session has expired" } });
    const expired = await list(a.adminToken, connectionId, "?refresh=true");
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error).toBe("ERR_CLOUD_TOKEN_INVALID");
    fake.failNext("/2000000002/message_templates", { status: 500, error: { code: 2, message: "Service temporarily unavailable" } });
    const failed = await list(a.adminToken, connectionId, "?refresh=true");
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: "ERR_CLOUD_GRAPH_FAILED", details: { code: 2 } });
    expect(JSON.stringify(failed.json())).not.toContain("fake-token");
    expect((await list(a.adminToken)).json()).toHaveLength(1);
  });
});

describe("the daily template refresh", () => {
  it("refreshes every official-line connection and goes on past one whose token was revoked", async () => {
    const revoked = await createCloudConnection(t.db, { companyId: b.company.id, accessToken: "revoked-token", businessAccountId: "3000000003" });
    const warnings: object[] = [];
    const deps = { db: t.db, box: new SecretBox(t.platform.config.dataEncryptionKey), graphUrl: fake.url, log: { warn: (obj: object) => warnings.push(obj), info: () => {} } };
    expect(await refreshAllCloudTemplates(deps)).toBe(1);
    expect(await stored()).toHaveLength(1);
    expect(await t.db.select().from(cloudTemplates).where(and(eq(cloudTemplates.companyId, b.company.id), eq(cloudTemplates.connectionId, revoked.connection.id)))).toEqual([]);
    expect(warnings).toEqual([expect.objectContaining({ companyId: b.company.id, connectionId: revoked.connection.id })]);
  });
});
