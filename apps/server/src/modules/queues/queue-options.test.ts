import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_QUEUE_OPTIONS_PER_LEVEL } from "@conversa/shared";
import { queueOptions, queues } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { attachFakeDriver, createConnectionRow, eventually, inbound, linkQueues } from "../../../test/engine-harness.ts";
import { bearer, createTenant } from "../../../test/factories.ts";
import { PNG, multipartFile } from "./upload-fixtures.ts";

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.close();
});

type Tenant = Awaited<ReturnType<typeof createTenant>>;

async function insertQueue(companyId: number, name = "Financeiro") {
  const [row] = await t.db.insert(queues).values({ companyId, name, color: `#${name.length.toString(16).padStart(2, "0")}ff00` }).returning();
  if (!row) throw new Error("queue not created");
  return row;
}

async function insertOption(companyId: number, queueId: number, title: string, option: number, parentId: number | null = null) {
  const [row] = await t.db.insert(queueOptions).values({ companyId, queueId, parentId, title, message: `Sobre ${title}`, option }).returning();
  if (!row) throw new Error("option not created");
  return row;
}

/** Titles and positions of one level, in the order the bot numbers them. */
async function level(queueId: number, parentId: number | null) {
  const rows = await t.db.select().from(queueOptions).where(eq(queueOptions.queueId, queueId)).orderBy(asc(queueOptions.option), asc(queueOptions.id));
  return rows.filter((row) => row.parentId === parentId).map((row) => `${row.option} ${row.title}`);
}

function createOption(tenant: Tenant, payload: Record<string, unknown>, token = tenant.adminToken) {
  return t.app.inject({ method: "POST", url: "/queue-options", headers: bearer(token), payload });
}

function updateOption(token: string, id: number, payload: Record<string, unknown>) {
  return t.app.inject({ method: "PUT", url: `/queue-options/${id}`, headers: bearer(token), payload });
}

describe("GET /queue-options", () => {
  it("lists the roots (parentId -1) by position with their children count, and a parent's children", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id);
    const notas = await insertOption(a.company.id, queue.id, "Notas", 2);
    const boletos = await insertOption(a.company.id, queue.id, "Boletos", 1);
    await insertOption(a.company.id, queue.id, "Segunda via", 1, boletos.id);

    const roots = await t.app.inject({ method: "GET", url: `/queue-options?queueId=${queue.id}&parentId=-1`, headers: bearer(a.adminToken) });
    const children = await t.app.inject({ method: "GET", url: `/queue-options?queueId=${queue.id}&parentId=${boletos.id}`, headers: bearer(a.adminToken) });

    expect(roots.statusCode).toBe(200);
    expect(roots.json()).toEqual([
      { id: boletos.id, queueId: queue.id, parentId: -1, title: "Boletos", message: "Sobre Boletos", option: 1, mediaPath: null, mediaName: null, childrenCount: 1 },
      { id: notas.id, queueId: queue.id, parentId: -1, title: "Notas", message: "Sobre Notas", option: 2, mediaPath: null, mediaName: null, childrenCount: 0 },
    ]);
    expect(children.json()).toMatchObject([{ title: "Segunda via", parentId: boletos.id, option: 1 }]);
  });

  it("answers 404 for another company's queue or a parent of another queue; 403, 400 and 401 otherwise", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const theirs = await insertQueue(b.company.id);
    const ours = await insertQueue(a.company.id);
    const other = await insertQueue(a.company.id, "Outra");
    const foreignParent = await insertOption(a.company.id, other.id, "Alheia", 1);

    const otherCompany = await t.app.inject({ method: "GET", url: `/queue-options?queueId=${theirs.id}`, headers: bearer(a.adminToken) });
    expect(otherCompany.statusCode).toBe(404);
    expect(otherCompany.json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
    const wrongParent = await t.app.inject({ method: "GET", url: `/queue-options?queueId=${ours.id}&parentId=${foreignParent.id}`, headers: bearer(a.adminToken) });
    expect(wrongParent.json()).toMatchObject({ error: "ERR_NO_QUEUE_OPTION_FOUND" });
    expect((await t.app.inject({ method: "GET", url: `/queue-options?queueId=${ours.id}`, headers: bearer(a.agentToken) })).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.app.inject({ method: "GET", url: "/queue-options", headers: bearer(a.adminToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/queue-options?queueId=${ours.id}&parentId=0`, headers: bearer(a.adminToken) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: `/queue-options?queueId=${ours.id}` })).statusCode).toBe(401);
  });
});

describe("POST /queue-options", () => {
  it("appends options after their siblings, numbered from 1 on each level", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id);

    const first = await createOption(a, { queueId: queue.id, parentId: -1, title: "Boletos", message: "Sobre boletos:" });
    await createOption(a, { queueId: queue.id, parentId: null, title: "Notas" });
    const child = await createOption(a, { queueId: queue.id, parentId: first.json().id, title: "Segunda via" });
    const third = await createOption(a, { queueId: queue.id, title: "Cobrança" });

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ queueId: queue.id, parentId: -1, title: "Boletos", message: "Sobre boletos:", option: 1, childrenCount: 0 });
    expect(child.json()).toMatchObject({ parentId: first.json().id, option: 1 });
    expect(third.json()).toMatchObject({ option: 3, message: "" });
    expect(await level(queue.id, null)).toEqual(["1 Boletos", "2 Notas", "3 Cobrança"]);
  });

  it("answers 400 for a blank title or an unknown field, 404 for another company's queue or a parent of another queue, writing nothing", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const ours = await insertQueue(a.company.id);
    const theirs = await insertQueue(b.company.id);
    const theirOption = await insertOption(b.company.id, theirs.id, "Deles", 1);

    expect((await createOption(a, { queueId: ours.id, title: "  " })).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await createOption(a, { queueId: ours.id, title: "Ok", option: 4 })).json()).toMatchObject({ error: "ERR_VALIDATION" });
    expect((await createOption(a, { queueId: ours.id, title: "Ok", parentId: 0 })).statusCode).toBe(400);
    expect((await createOption(a, { queueId: theirs.id, title: "Invasora" })).json()).toMatchObject({ error: "ERR_NO_QUEUE_FOUND" });
    expect((await createOption(a, { queueId: ours.id, parentId: theirOption.id, title: "Invasora" })).json()).toMatchObject({ error: "ERR_NO_QUEUE_OPTION_FOUND" });
    expect((await createOption(a, { queueId: ours.id, title: "Agente" }, a.agentToken)).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.app.inject({ method: "POST", url: "/queue-options", payload: { queueId: ours.id, title: "Anônima" } })).statusCode).toBe(401);
    expect(await t.db.select().from(queueOptions)).toHaveLength(1);
  });

  it("refuses an option beyond the most one level may hold", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id);
    await t.db
      .insert(queueOptions)
      .values(Array.from({ length: MAX_QUEUE_OPTIONS_PER_LEVEL }, (_, i) => ({ companyId: a.company.id, queueId: queue.id, title: `Opção ${i + 1}`, option: i + 1 })));

    const response = await createOption(a, { queueId: queue.id, title: "Demais" });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: "ERR_QUEUE_OPTION_LIMIT" });
  });
});

describe("PUT /queue-options/:id", () => {
  it("changes the title and message", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id);
    const option = await insertOption(a.company.id, queue.id, "Boletos", 1);

    const response = await updateOption(a.adminToken, option.id, { title: "Boletos e faturas", message: "Escolha:" });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: option.id, title: "Boletos e faturas", message: "Escolha:", option: 1 });
  });

  it("moves an option to a position and renumbers its siblings 1..n, leaving other levels alone", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id);
    const boletos = await insertOption(a.company.id, queue.id, "Boletos", 1);
    await insertOption(a.company.id, queue.id, "Notas", 2);
    const cobranca = await insertOption(a.company.id, queue.id, "Cobrança", 3);
    await insertOption(a.company.id, queue.id, "Segunda via", 1, boletos.id);

    const moved = await updateOption(a.adminToken, cobranca.id, { option: 1 });
    expect(moved.json()).toMatchObject({ id: cobranca.id, option: 1 });
    expect(await level(queue.id, null)).toEqual(["1 Cobrança", "2 Boletos", "3 Notas"]);

    await updateOption(a.adminToken, cobranca.id, { option: 2 });
    expect(await level(queue.id, null)).toEqual(["1 Boletos", "2 Cobrança", "3 Notas"]);

    // Beyond the last position it becomes the last.
    await updateOption(a.adminToken, boletos.id, { option: 40 });
    expect(await level(queue.id, null)).toEqual(["1 Cobrança", "2 Notas", "3 Boletos"]);
    expect(await level(queue.id, boletos.id)).toEqual(["1 Segunda via"]);
  });

  it("answers 404 for another company's option and leaves it unchanged; 400, 403 and 401 otherwise", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const theirs = await insertQueue(b.company.id);
    const option = await insertOption(b.company.id, theirs.id, "Deles", 1);

    const other = await updateOption(a.adminToken, option.id, { title: "Tomada" });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ error: "ERR_NO_QUEUE_OPTION_FOUND" });
    expect((await updateOption(b.adminToken, option.id, { option: 0 })).statusCode).toBe(400);
    expect((await updateOption(b.adminToken, option.id, { moveTo: 3 })).statusCode).toBe(400);
    // The option's queueId is read-only (the record sent back, docs/compatibility.md): ignored, never a move.
    expect((await updateOption(b.adminToken, option.id, { queueId: a.company.id + theirs.id + 1000 })).statusCode).toBe(200);
    expect((await updateOption(b.agentToken, option.id, { title: "Agente" })).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.app.inject({ method: "PUT", url: `/queue-options/${option.id}`, payload: { title: "Anônima" } })).statusCode).toBe(401);
    const [row] = await t.db.select().from(queueOptions).where(eq(queueOptions.id, option.id));
    expect(row).toMatchObject({ title: "Deles", option: 1, queueId: theirs.id });
  });
});

describe("DELETE /queue-options/:id", () => {
  it("deletes an option with every option under it and renumbers the remaining siblings", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id);
    await insertOption(a.company.id, queue.id, "Boletos", 1);
    const notas = await insertOption(a.company.id, queue.id, "Notas", 2);
    await insertOption(a.company.id, queue.id, "Cobrança", 3);
    const child = await insertOption(a.company.id, queue.id, "Fiscal", 1, notas.id);
    await insertOption(a.company.id, queue.id, "Eletrônica", 1, child.id);

    const response = await t.app.inject({ method: "DELETE", url: `/queue-options/${notas.id}`, headers: bearer(a.adminToken) });

    expect(response.statusCode).toBe(200);
    expect(await level(queue.id, null)).toEqual(["1 Boletos", "2 Cobrança"]);
    expect(await t.db.select().from(queueOptions)).toHaveLength(2);
  });

  it("answers 404 for another company's option and keeps it; 403 and 401 otherwise", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const theirs = await insertQueue(b.company.id);
    const option = await insertOption(b.company.id, theirs.id, "Deles", 1);

    expect((await t.app.inject({ method: "DELETE", url: `/queue-options/${option.id}`, headers: bearer(a.adminToken) })).json()).toMatchObject({ error: "ERR_NO_QUEUE_OPTION_FOUND" });
    expect((await t.app.inject({ method: "DELETE", url: `/queue-options/${option.id}`, headers: bearer(b.agentToken) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: "DELETE", url: `/queue-options/${option.id}` })).statusCode).toBe(401);
    expect(await t.db.select().from(queueOptions)).toHaveLength(1);
  });
});

describe("POST and DELETE /queue-options/:id/media-upload", () => {
  it("attaches an image to an option under its original name and removes it", async () => {
    const a = await createTenant(t.app, t.db);
    const queue = await insertQueue(a.company.id);
    const option = await insertOption(a.company.id, queue.id, "Catálogo", 1);

    const uploaded = await t.app.inject({ method: "POST", url: `/queue-options/${option.id}/media-upload`, ...multipartFile(a.adminToken, { name: "catalogo.png", content: PNG, type: "image/png" }) });
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json()).toMatchObject({ id: option.id, mediaName: "catalogo.png", mediaPath: expect.stringMatching(/\.png$/) });

    const removed = await t.app.inject({ method: "DELETE", url: `/queue-options/${option.id}/media-upload`, headers: bearer(a.adminToken) });
    expect(removed.json()).toMatchObject({ mediaPath: null, mediaName: null });
    expect((await t.app.inject({ method: "GET", url: `/media/${uploaded.json().mediaPath}`, headers: bearer(a.adminToken) })).statusCode).toBe(404);
  });

  it("answers 404 for another company's option, 403 to a user-profile account and 401 without a session", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const theirs = await insertQueue(b.company.id);
    const option = await insertOption(b.company.id, theirs.id, "Deles", 1);
    const upload = (token: string) => t.app.inject({ method: "POST", url: `/queue-options/${option.id}/media-upload`, ...multipartFile(token, { name: "a.png", content: PNG, type: "image/png" }) });

    expect((await upload(a.adminToken)).json()).toMatchObject({ error: "ERR_NO_QUEUE_OPTION_FOUND" });
    expect((await upload(b.agentToken)).json()).toMatchObject({ error: "ERR_NO_PERMISSION" });
    expect((await t.app.inject({ method: "DELETE", url: `/queue-options/${option.id}/media-upload`, headers: bearer(a.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: `/queue-options/${option.id}/media-upload` })).statusCode).toBe(401);
    const [row] = await t.db.select().from(queueOptions).where(and(eq(queueOptions.id, option.id)));
    expect(row?.mediaPath).toBeNull();
  });
});

describe("an option tree saved through the API", () => {
  it("is the menu the bot sends, numbered by the positions saved", async () => {
    const started = await buildTestApp({}, { start: true });
    try {
      const a = await createTenant(started.app, started.db);
      const send = (method: "POST" | "PUT", url: string, payload: Record<string, unknown>) =>
        started.app.inject({ method, url, headers: bearer(a.adminToken), payload }).then((response) => response.json());
      const queue = await send("POST", "/queue", { name: "Financeiro", color: "#00ff00", greetingMessage: "Financeiro:" });
      const boletos = await send("POST", "/queue-options", { queueId: queue.id, parentId: -1, title: "Boletos", message: "Sobre boletos:" });
      const notas = await send("POST", "/queue-options", { queueId: queue.id, parentId: -1, title: "Notas", message: "Enviaremos a nota." });
      await send("POST", "/queue-options", { queueId: queue.id, parentId: boletos.id, title: "Segunda via", message: "Um atendente enviará a segunda via." });
      await send("PUT", `/queue-options/${notas.id}`, { option: 1 });

      const connection = await createConnectionRow(started.db, a.company.id, { greetingMessage: "Olá!" });
      await linkQueues(started.db, a.company.id, connection.id, [queue.id]);
      const driver = await attachFakeDriver(started, connection);
      const sent = (count: number) => eventually(() => driver.bodies(), (bodies) => bodies.length >= count);

      await started.platform.engine.handleInbound(inbound(connection, "5511999990031", "oi"));
      expect((await sent(1))[0]).toBe("Financeiro:\n\n*[ 1 ]* - Notas\n*[ 2 ]* - Boletos\n\n*[ # ]* - Menu inicial");
      await started.platform.engine.handleInbound(inbound(connection, "5511999990031", "2"));
      expect((await sent(2))[1]).toBe("Sobre boletos:\n\n*[ 1 ]* - Segunda via\n\n*[ 0 ]* - Voltar\n*[ # ]* - Menu inicial");
    } finally {
      await started.close();
    }
  });
});
