import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Message, SEND_RETRY_WINDOW_MS } from "@conversa/shared";
import { messages, simulatorMessages, tickets } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { bearer, createCompany, createSimulatorConnection, createUser, loginAs } from "../../test/factories.ts";
import { LEGACY_SEND_MESSAGE_JOB, SEND_MESSAGE_JOB } from "./jobs.ts";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c636000010000050001a5f645400000000049454e44ae426082", "hex");
const CUSTOMER = "5511944443333";

let t: TestApp;
let headers: Record<string, string>;
let connectionId: number;
let ticketId: number;

beforeEach(async () => {
  t = await buildTestApp({}, { start: true });
  const company = await createCompany(t.db);
  const admin = await createUser(t.db, { companyId: company.id, profile: "admin" });
  headers = bearer((await loginAs(t.app, admin.email)).token);
  const connection = await createSimulatorConnection(t.db, { companyId: company.id, session: { paired: true, number: "5511900002222" } });
  connectionId = connection.id;
  await t.platform.channels.start(company.id, connection.id);
  await vi.waitFor(async () => expect(await connectionStatus()).toBe("CONNECTED"), { timeout: 10_000 });
  const inbound = await t.app.inject({ method: "POST", url: `/simulator/connections/${connectionId}/messages`, headers, payload: { from: CUSTOMER, name: "Joana", body: "Oi" } });
  expect(inbound.statusCode).toBe(201);
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.companyId, company.id));
  ticketId = ticket!.id;
  const accept = await t.app.inject({ method: "PUT", url: `/tickets/${ticketId}`, headers, payload: { status: "open", userId: admin.id } });
  expect(accept.statusCode).toBe(200);
});
afterEach(async () => {
  await t.close();
});

async function connectionStatus(): Promise<string | undefined> {
  const response = await t.app.inject({ method: "GET", url: "/simulator/connections", headers });
  const list: { id: number; status: string }[] = response.json();
  return list.find((c) => c.id === connectionId)?.status;
}

function multipart(body: string, files: string[]) {
  const boundary = "----conversa-order-boundary";
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${body}\r\n`)];
  for (const name of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** Sends text, or files (the text as the first file's caption); answers the labels the phone should show, in order. */
async function send(text: string, files: string[] = []): Promise<string[]> {
  const response =
    files.length === 0
      ? await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, headers, payload: { body: text } })
      : await t.app.inject({ method: "POST", url: `/messages/${ticketId}`, ...multipart(text, files) });
  // Queued while the connection is down: the answer says so, and the messages are kept.
  expect([200, 201, 400]).toContain(response.statusCode);
  if (response.statusCode === 400) expect(response.json()).toMatchObject({ error: "ERR_WAPP_NOT_INITIALIZED", details: { queued: true } });
  return files.length === 0 ? [text] : files;
}

async function simulator(action: "drop" | "resume" | "refuse" | "accept") {
  const response =
    action === "drop"
      ? await t.app.inject({ method: "POST", url: `/simulator/connections/${connectionId}/disconnect`, headers })
      : action === "resume"
        ? await t.app.inject({ method: "POST", url: `/whatsappsession/${connectionId}`, headers })
        : await t.app.inject({ method: "PUT", url: `/simulator/connections/${connectionId}/sends`, headers, payload: { refuse: action === "refuse" } });
  expect(response.statusCode).toBe(200);
  if (action === "resume") await vi.waitFor(async () => expect(await connectionStatus()).toBe("CONNECTED"), { timeout: 10_000 });
}

/** What reached the customer's phone, in the order it arrived: the text, or the file name. */
async function phone(): Promise<string[]> {
  const rows = await t.db.select().from(simulatorMessages).where(eq(simulatorMessages.connectionId, connectionId)).orderBy(asc(simulatorMessages.id));
  return rows
    .filter((row) => row.direction === "out")
    .map((row) => {
      const stored = row.media as { media?: { filename?: string } } | null;
      return stored?.media?.filename ?? row.body;
    });
}

describe("outbound order of one conversation", () => {
  it("reaches the phone in the order sent, through network drops, refused sends and several files in one send", async () => {
    const expected: string[] = [];
    let file = 0;
    const files = (count: number) => Array.from({ length: count }, () => `arquivo-${String(++file).padStart(2, "0")}.png`);
    const steps: (() => Promise<void>)[] = [];
    const text = (n: number) => steps.push(async () => void expected.push(...(await send(`texto ${n}`))));
    const media = (count: number) => steps.push(async () => void expected.push(...(await send("", files(count)))));
    const switchTo = (action: Parameters<typeof simulator>[0]) => steps.push(() => simulator(action));

    text(1);
    media(3);
    text(2);
    switchTo("refuse");
    text(3);
    media(3);
    text(4);
    text(5);
    switchTo("accept");
    text(6);
    media(2);
    switchTo("drop");
    text(7);
    text(8);
    media(3);
    text(9);
    switchTo("resume");
    text(10);
    media(3);
    switchTo("refuse");
    text(11);
    text(12);
    media(2);
    switchTo("drop");
    text(13);
    media(3);
    text(14);
    switchTo("accept");
    switchTo("resume");
    for (let n = 15; n <= 22; n++) text(n);
    media(3);
    media(2);
    for (let n = 23; n <= 26; n++) text(n);
    for (const step of steps) await step();
    expect(expected).toHaveLength(50);

    await eventually(() => phone(), (arrived) => arrived.length >= 50, 120_000);
    expect(await phone()).toEqual(expected);
    const unsent = await t.db.select().from(messages).where(eq(messages.ticketId, ticketId));
    expect(unsent.filter((m) => m.fromMe && m.sendStatus !== "sent")).toEqual([]);
  }, 180_000);
});

describe("a send the network refuses", () => {
  it("shows within seconds that it is being retried, why and until when, while the messages after it wait", async () => {
    await simulator("refuse");
    const before = Date.now();
    await send("primeira");
    await send("segunda");
    const retrying = await eventually(
      async () => (await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id))).filter((m) => m.fromMe),
      (rows) => rows[0]?.sendRetryUntil !== null,
      10_000,
    );
    expect(retrying[0]).toMatchObject({ body: "primeira", sendStatus: "pending", sendError: expect.stringMatching(/refused/) });
    const until = retrying[0]!.sendRetryUntil!.getTime();
    expect(until).toBeGreaterThanOrEqual(before + SEND_RETRY_WINDOW_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + SEND_RETRY_WINDOW_MS);
    expect(retrying[1]).toMatchObject({ body: "segunda", sendStatus: "pending", sendRetryUntil: null });
    // The row is written before its event is published: wait for the event too.
    const published = await eventually(
      async () => t.published.filter((e) => e.name === "message.updated").map((e) => (e.payload as { message: Message }).message),
      (events) => events.some((m) => m.body === "primeira" && m.sendRetryUntil !== null),
      10_000,
    );
    expect(published).toContainEqual(expect.objectContaining({ body: "primeira", sendStatus: "pending", sendError: expect.stringMatching(/refused/), sendRetryUntil: new Date(until).toISOString() }));

    // The conversation as the attendant reads it says the same.
    const page = await t.app.inject({ method: "GET", url: `/messages/${ticketId}`, headers });
    expect(page.json().messages).toContainEqual(expect.objectContaining({ body: "primeira", sendStatus: "pending", sendRetryUntil: new Date(until).toISOString() }));
    expect(await phone()).toEqual([]);
  }, 30_000);

  it("is marked failed when its retry window is over, and the conversation's queue moves on", async () => {
    await simulator("refuse");
    await send("recusada");
    await send("depois");
    await eventually(
      async () => (await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id))).find((m) => m.body === "recusada"),
      (row) => row?.sendRetryUntil !== null,
      10_000,
    );
    // The window passes.
    t.platform.engine.deps.now = () => new Date(Date.now() + SEND_RETRY_WINDOW_MS + 60_000);
    await eventually(
      async () => (await t.db.select().from(messages).where(eq(messages.ticketId, ticketId))).find((m) => m.body === "recusada")?.sendStatus,
      (status) => status === "failed",
      30_000,
    );
    t.platform.engine.deps.now = undefined;
    await simulator("accept");
    await eventually(() => phone(), (arrived) => arrived.length >= 1);
    expect(await phone()).toEqual(["depois"]);
    const [failed] = (await t.db.select().from(messages).where(eq(messages.ticketId, ticketId))).filter((m) => m.body === "recusada");
    expect(failed).toMatchObject({ sendStatus: "failed", sendError: expect.stringMatching(/refused/), sendRetryUntil: null });
  }, 60_000);
});

describe("sends queued by an earlier version", () => {
  it("go out after the earlier messages of their conversation", async () => {
    await simulator("drop");
    await send("um");
    await send("dois");
    const [first, second] = (await t.db.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id))).filter((m) => m.fromMe);
    // A job of the old queue for the second message, and the first one's job gone (as if lost).
    await t.db.execute(sql`delete from pgboss.job where name = ${SEND_MESSAGE_JOB.name} and data->>'messageId' = ${String(first!.id)}`);
    await t.platform.engine.deps.jobs.send(LEGACY_SEND_MESSAGE_JOB, { companyId: first!.companyId, messageId: second!.id });
    await simulator("resume");
    await eventually(() => phone(), (arrived) => arrived.length >= 2);
    expect(await phone()).toEqual(["um", "dois"]);
  }, 60_000);
});
