import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SimulatorInboundInput, ZSimulatorInboundBody } from "@conversa/shared";
import { connections, simulatorMessages } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { createCompany, createSimulatorConnection } from "../../../test/factories.ts";
import { type ChannelEvent, ChannelNotConnectedError, type DriverConnection, type InboundMessage } from "../types.ts";
import { SimulatorDriver, type SimulatorTimings, type StartTimer } from "./simulator-driver.ts";

const FAST: SimulatorTimings = { qrRefreshMs: 40, qrMaxRetries: 2, pairingDelayMs: 10, sentAckMs: 5, deliveredAckMs: 20 };

let t: TestApp;
let events: ChannelEvent[];
let drivers: SimulatorDriver[];

beforeEach(async () => {
  t = await buildTestApp();
  events = [];
  drivers = [];
});
afterEach(async () => {
  for (const driver of drivers) for (const connection of started) await driver.stop(connection);
  started.length = 0;
  await t.close();
});

const started: number[] = [];

/** A clock the test moves: timers run only when `advance` passes their time. */
function manualClock() {
  let now = 0;
  const pending = new Set<{ at: number; task: () => void }>();
  const startTimer: StartTimer = (task, ms) => {
    const entry = { at: now + ms, task };
    pending.add(entry);
    return { cancel: () => pending.delete(entry) };
  };
  return {
    startTimer,
    advance(ms: number) {
      now += ms;
      for (const entry of [...pending].sort((x, y) => x.at - y.at)) {
        if (entry.at > now) continue;
        pending.delete(entry);
        entry.task();
      }
    },
  };
}

function newDriver(timings: Partial<SimulatorTimings> = FAST, startTimer?: StartTimer) {
  const driver = new SimulatorDriver({
    db: t.db,
    sink: async (event) => {
      events.push(event);
    },
    log: pino({ level: "silent" }),
    timings,
    ...(startTimer ? { startTimer } : {}),
  });
  drivers.push(driver);
  return driver;
}

async function simulatorConnection(session: { paired: true; number: string } | null = null): Promise<DriverConnection> {
  const company = await createCompany(t.db);
  const row = await createSimulatorConnection(t.db, { companyId: company.id, session });
  started.push(row.id);
  return { id: row.id, companyId: company.id, name: row.name, provider: "simulator" };
}

function statuses() {
  return events.flatMap((event) => (event.type === "status" ? [event.status] : []));
}

function lastStatus() {
  const status = events.filter((event) => event.type === "status").at(-1);
  if (status?.type !== "status") throw new Error("no status reported");
  return status;
}

function inbound(): InboundMessage[] {
  return events.flatMap((event) => (event.type === "message" ? [event.message] : []));
}

function acks() {
  return events.flatMap((event) => (event.type === "ack" ? [{ wid: event.wid, ack: event.ack }] : []));
}

async function storedSession(connectionId: number) {
  const [row] = await t.db.select({ session: connections.session }).from(connections).where(eq(connections.id, connectionId));
  return row?.session;
}

async function connect(driver: SimulatorDriver, connection: DriverConnection, number = "5511988887777") {
  await driver.start(connection);
  const qr = lastStatus();
  expect(await driver.scan(connection.id, qr.qrcode ?? "", number)).toBe("pairing");
  await vi.waitFor(() => expect(lastStatus().status).toBe("CONNECTED"));
}

async function rowsOf(connectionId: number) {
  return t.db.select().from(simulatorMessages).where(eq(simulatorMessages.connectionId, connectionId)).orderBy(simulatorMessages.id);
}

function receive(driver: SimulatorDriver, connectionId: number, input: SimulatorInboundInput) {
  return driver.receive(connectionId, ZSimulatorInboundBody.parse(input));
}

describe("SimulatorDriver state machine", () => {
  it("goes OPENING → qrcode → PAIRING → CONNECTED through a scan and stores the pairing", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();

    await driver.start(connection);
    expect(statuses()).toEqual(["OPENING", "qrcode"]);
    const qr = lastStatus();
    expect(qr.qrcode).toMatch(new RegExp(`^SIMULATOR:${connection.id}:`));
    expect(qr.retries).toBe(0);

    expect(await driver.scan(connection.id, qr.qrcode ?? "", "5511988887777")).toBe("pairing");
    expect(statuses()).toEqual(["OPENING", "qrcode", "PAIRING"]);
    await vi.waitFor(() => expect(lastStatus()).toMatchObject({ status: "CONNECTED", number: "5511988887777", qrcode: null }));
    expect(await storedSession(connection.id)).toEqual({ paired: true, number: "5511988887777" });
  });

  it("refuses a QR code that is not the one shown, and a scan when none is shown", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    expect(await driver.scan(connection.id, "SIMULATOR:1:x", "5511988887777")).toBe("no_qr");

    await driver.start(connection);
    expect(await driver.scan(connection.id, `${lastStatus().qrcode}x`, "5511988887777")).toBe("wrong_qr");
    expect(statuses()).toEqual(["OPENING", "qrcode"]);
    expect(await storedSession(connection.id)).toBeNull();
  });

  it("refreshes the QR code with retries counted, then gives up with TIMEOUT", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();

    await driver.start(connection);
    await vi.waitFor(() => expect(lastStatus().status).toBe("TIMEOUT"), { timeout: 2000 });

    const qrs = events.flatMap((event) => (event.type === "status" && event.status === "qrcode" ? [event] : []));
    expect(qrs.map((event) => event.retries)).toEqual([0, 1, 2]);
    expect(new Set(qrs.map((event) => event.qrcode)).size).toBe(3);
    expect(await driver.scan(connection.id, qrs.at(-1)?.qrcode ?? "", "5511988887777")).toBe("no_qr");
  });

  it("accepts only the newest QR code after a refresh", async () => {
    const clock = manualClock();
    const driver = newDriver({ ...FAST, qrRefreshMs: 30, qrMaxRetries: 5 }, clock.startTimer);
    const connection = await simulatorConnection();
    await driver.start(connection);
    const first = lastStatus().qrcode ?? "";
    expect(lastStatus().retries).toBe(0);
    clock.advance(29);
    expect(lastStatus(), "no refresh before its time").toMatchObject({ qrcode: first, retries: 0 });
    clock.advance(1);
    await vi.waitFor(() => expect(lastStatus().retries).toBe(1));
    const newest = lastStatus().qrcode ?? "";
    expect(newest).not.toBe(first);

    expect(await driver.scan(connection.id, first, "5511988887777")).toBe("wrong_qr");
    expect(await driver.scan(connection.id, newest, "5511988887777")).toBe("pairing");
  });

  it("resumes CONNECTED from the stored pairing after a restart, without a QR code", async () => {
    const connection = await simulatorConnection();
    await connect(newDriver(), connection, "5511977776666");
    events.length = 0;

    // A new process: a new driver on the same database.
    await newDriver().start(connection);

    expect(statuses()).toEqual(["OPENING", "CONNECTED"]);
    expect(lastStatus()).toMatchObject({ number: "5511977776666", qrcode: null });
  });

  it("logs out: DISCONNECTED, pairing forgotten, and a QR code again on the next start", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);

    await driver.logout(connection.id);
    expect(lastStatus()).toMatchObject({ status: "DISCONNECTED", qrcode: null });
    expect(await storedSession(connection.id)).toBeNull();
    await expect(driver.send(connection.id, { idempotencyKey: "k1", to: "5511911112222", isGroup: false, body: "hi" })).rejects.toBeInstanceOf(ChannelNotConnectedError);

    events.length = 0;
    await driver.start(connection);
    expect(statuses()).toEqual(["OPENING", "qrcode"]);
  });

  it("stops without a status change and without further QR refreshes", async () => {
    const driver = newDriver({ ...FAST, qrRefreshMs: 20, qrMaxRetries: 10 });
    const connection = await simulatorConnection();
    await driver.start(connection);
    await driver.stop(connection.id);
    const count = events.length;

    await new Promise((resolve) => setTimeout(resolve, 80));

    expect(events).toHaveLength(count);
    expect(driver.isRunning(connection.id)).toBe(false);
  });

  it("drops the network: DISCONNECTED with the pairing kept, and a retry resumes CONNECTED", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);

    await driver.dropNetwork(connection.id);
    expect(lastStatus().status).toBe("DISCONNECTED");
    expect(await storedSession(connection.id)).toEqual({ paired: true, number: "5511988887777" });

    await driver.start(connection);
    expect(lastStatus()).toMatchObject({ status: "CONNECTED", number: "5511988887777" });
  });

  it("ends the session DISCONNECTED when the pairing step fails, and a retry shows a QR code again", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await driver.start(connection);
    vi.spyOn(t.db, "update").mockImplementationOnce(() => {
      throw new Error("database gone");
    });
    expect(await driver.scan(connection.id, lastStatus().qrcode ?? "", "5511988887777")).toBe("pairing");

    await vi.waitFor(() => expect(lastStatus()).toMatchObject({ status: "DISCONNECTED", qrcode: null }));
    expect(driver.isRunning(connection.id)).toBe(false);
    expect(await storedSession(connection.id)).toBeNull();
    await driver.start(connection);
    expect(lastStatus().status).toBe("qrcode");
  });

  it("reports an unreadable stored session as not paired", async () => {
    const connection = await simulatorConnection();
    await t.db.update(connections).set({ session: { paired: "yes" } }).where(eq(connections.id, connection.id));
    await newDriver().start(connection);
    expect(statuses()).toEqual(["OPENING", "qrcode"]);
  });
});

describe("SimulatorDriver sends", () => {
  it("throws ChannelNotConnectedError unless CONNECTED", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await driver.start(connection);

    await expect(driver.send(connection.id, { idempotencyKey: "k1", to: "5511911112222", isGroup: false, body: "hi" })).rejects.toBeInstanceOf(ChannelNotConnectedError);
    expect(await rowsOf(connection.id)).toHaveLength(0);
  });

  it("stores a send once per idempotency key, answers the same wid, and reports the network's acks 2 (sent) then 3 (delivered) once", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);
    const message = { idempotencyKey: "msg-41", to: "5511911112222", isGroup: false, body: "Olá!", quoted: { wid: "SIMQ", fromMe: false, body: "q" } };

    expect(await driver.send(connection.id, message)).toEqual({ wid: "msg-41" });
    await vi.waitFor(() => expect(acks()).toEqual([{ wid: "msg-41", ack: 2 }, { wid: "msg-41", ack: 3 }]));
    expect(await driver.send(connection.id, message)).toEqual({ wid: "msg-41" });
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(acks()).toHaveLength(2);
    const rows = await rowsOf(connection.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ direction: "out", wid: "msg-41", customerNumber: "5511911112222", body: "Olá!", quotedWid: "SIMQ", ack: 2, kind: "chat" });
  });

  it("fails sends on demand with a network error, and works again when switched back", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);
    driver.setRefuseSends(connection.id, true);

    const failure = driver.send(connection.id, { idempotencyKey: "k1", to: "5511911112222", isGroup: false, body: "hi" });
    await expect(failure).rejects.toThrow(/refused/);
    await expect(failure).rejects.not.toBeInstanceOf(ChannelNotConnectedError);
    expect(await rowsOf(connection.id)).toHaveLength(0);

    driver.setRefuseSends(connection.id, false);
    expect(await driver.send(connection.id, { idempotencyKey: "k1", to: "5511911112222", isGroup: false, body: "hi" })).toEqual({ wid: "k1" });
  });

  it("stores a send at once but answers it late while the answer delay is on", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);
    driver.setAnswerDelay(connection.id, 3_000);

    let answered = false;
    const message = { idempotencyKey: "slow-1", to: "5511911112222", isGroup: false, body: "hi" };
    const send = driver.send(connection.id, message).then((result) => {
      answered = true;
      return result;
    });
    await vi.waitFor(async () => expect(await rowsOf(connection.id)).toHaveLength(1));
    expect(answered).toBe(false);
    await expect(send).resolves.toEqual({ wid: "slow-1" });

    // Sent again after the answer was lost: the same message, stored once.
    driver.setAnswerDelay(connection.id, 0);
    expect(await driver.send(connection.id, message)).toEqual({ wid: "slow-1" });
    expect(await rowsOf(connection.id)).toHaveLength(1);
  });

  it("stores the metadata and path of outbound media", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);
    const dir = mkdtempSync(path.join(os.tmpdir(), "sim-"));
    const file = path.join(dir, "voice.ogg");
    writeFileSync(file, Buffer.alloc(1234, 1));

    await driver.send(connection.id, { idempotencyKey: "m1", to: "5511911112222", isGroup: false, body: "", media: { path: file, mimetype: "audio/ogg", filename: "voice.ogg", asVoice: true } });

    const [row] = await rowsOf(connection.id);
    expect(row?.kind).toBe("audio");
    expect(row?.media).toEqual({ media: { mimetype: "audio/ogg", filename: "voice.ogg", size: 1234, voice: true, path: file } });
  });

  it("deletes a message, checks numbers and records the company's reads", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);
    await driver.send(connection.id, { idempotencyKey: "m1", to: "5511911112222", isGroup: false, body: "oops" });
    await receive(driver, connection.id, { from: "5511911112222", body: "first", wid: "in-1" });
    await receive(driver, connection.id, { from: "5511911112222", body: "second", wid: "in-2" });

    await driver.deleteMessage(connection.id, { to: "5511911112222", isGroup: false, wid: "m1", fromMe: true });
    await driver.markRead?.(connection.id, { number: "5511911112222", isGroup: false }, ["in-1"]);

    const rows = await rowsOf(connection.id);
    expect(rows.find((row) => row.wid === "m1")?.isDeleted).toBe(true);
    expect(rows.find((row) => row.wid === "in-1")?.ack).toBe(3);
    expect(rows.find((row) => row.wid === "in-2")?.ack).toBe(2);
    expect(await driver.checkNumber(connection.id, "+55 (11) 91111-2222")).toEqual({ exists: true, number: "5511911112222" });
    expect(await driver.checkNumber(connection.id, "1234567")).toEqual({ exists: false });
    expect(await driver.checkNumber(connection.id, "1234567890123456")).toEqual({ exists: false });
  });

  it("reports ack 4 (read: double blue tick) when the customer reads the company's messages", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);
    await driver.send(connection.id, { idempotencyKey: "m1", to: "5511911112222", isGroup: false, body: "a" });
    await driver.send(connection.id, { idempotencyKey: "m2", to: "5511911112222", isGroup: false, body: "b" });
    await driver.send(connection.id, { idempotencyKey: "m3", to: "5511933334444", isGroup: false, body: "other customer" });
    await vi.waitFor(() => expect(acks().filter((a) => a.ack === 3)).toHaveLength(3));

    expect(await driver.customerRead(connection.id, "5511911112222")).toBe(2);

    expect(acks().filter((a) => a.ack === 4).map((a) => a.wid).sort()).toEqual(["m1", "m2"]);
    expect(await driver.customerRead(connection.id, "5511911112222")).toBe(0);
  });
});

describe("SimulatorDriver inbound", () => {
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

  it.each<[string, SimulatorInboundInput, Partial<InboundMessage>]>([
    ["text", { from: "5511911112222", name: "Maria", body: "Oi" }, { kind: "chat", body: "Oi", chat: { number: "5511911112222", isGroup: false, name: "Maria" }, sender: { number: "5511911112222", name: "Maria" } }],
    ["an image with caption", { from: "5511911112222", kind: "image", body: "foto", media: { data: png.toString("base64"), mimetype: "image/png", filename: "a.png" } }, { kind: "image", body: "foto" }],
    ["a voice note", { from: "5511911112222", kind: "audio", voice: true, media: { data: "AAAA", mimetype: "audio/ogg; codecs=opus" } }, { kind: "audio", body: "" }],
    ["a video", { from: "5511911112222", kind: "video", media: { data: "AAAA", mimetype: "video/mp4", filename: "v.mp4" } }, { kind: "video" }],
    ["a document", { from: "5511911112222", kind: "document", media: { data: "AAAA", mimetype: "application/pdf", filename: "boleto.pdf" } }, { kind: "document" }],
    ["a sticker", { from: "5511911112222", kind: "sticker", media: { data: "AAAA", mimetype: "image/webp" } }, { kind: "sticker" }],
    [
      "a location",
      { from: "5511911112222", kind: "location", location: { latitude: -23.55, longitude: -46.63, description: "Av. Paulista" } },
      { kind: "location", body: "Av. Paulista", location: { latitude: -23.55, longitude: -46.63, description: "Av. Paulista" } },
    ],
    ["a location without description", { from: "5511911112222", kind: "location", location: { latitude: 1.5, longitude: 2 } }, { kind: "location", body: "1.5, 2" }],
    [
      "a contact card",
      { from: "5511911112222", kind: "vcard", vcard: { name: "João; Silva", numbers: ["5511955554444"] } },
      { kind: "vcard", body: "João; Silva", vcard: { name: "João; Silva", numbers: ["5511955554444"], raw: "BEGIN:VCARD\nVERSION:3.0\nN:;João\\; Silva;;;\nFN:João\\; Silva\nTEL;type=CELL;waid=5511955554444:+5511955554444\nEND:VCARD" } },
    ],
    ["a call", { from: "5511911112222", kind: "call_log", call: { status: "timeout", isVideo: true } }, { kind: "call_log", call: { status: "timeout", isVideo: true } }],
    ["a quoted reply", { from: "5511911112222", body: "sim", quotedWid: "m1" }, { kind: "chat", quotedWid: "m1" }],
    [
      "a group message",
      { from: "5511911112222", name: "Maria", group: { id: "120363025246125486", name: "Família" }, body: "Oi grupo" },
      { chat: { number: "120363025246125486", isGroup: true, name: "Família" }, sender: { number: "5511911112222", name: "Maria" } },
    ],
    ["a message written on the company's phone", { from: "5511911112222", body: "from the phone", fromMe: true }, { fromMe: true }],
    ["an unknown kind", { from: "5511911112222", kind: "unknown", rawType: "pollCreationMessage", body: "Poll?" }, { kind: "unknown", rawType: "pollCreationMessage", body: "Poll?" }],
  ])("hands %s to the sink as a normalised message", async (_label, input, expected) => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);

    const row = await receive(driver, connection.id, input);

    const [message] = inbound();
    expect(message).toMatchObject({ connectionId: connection.id, companyId: connection.companyId, wid: row.wid, fromMe: false, ...expected });
    expect(message?.timestamp).toBeInstanceOf(Date);
    expect(row.direction).toBe(input.fromMe ? "out" : "in");
  });

  it("gives the media's content through download()", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);

    await receive(driver, connection.id, { from: "5511911112222", kind: "image", media: { data: png.toString("base64"), mimetype: "image/png", filename: "a.png" } });

    const media = inbound()[0]?.media;
    expect(media).toMatchObject({ mimetype: "image/png", filename: "a.png" });
    expect(await media?.download()).toEqual(png);
    const [row] = await rowsOf(connection.id);
    expect(row?.media).toEqual({ media: { mimetype: "image/png", filename: "a.png", size: png.length, voice: false } });
  });

  it("hands a redelivered message (same wid) over again but stores it once", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);

    await receive(driver, connection.id, { from: "5511911112222", body: "Oi", wid: "WID-1" });
    await receive(driver, connection.id, { from: "5511911112222", body: "Oi", wid: "WID-1" });

    expect(inbound().map((message) => message.wid)).toEqual(["WID-1", "WID-1"]);
    expect(await rowsOf(connection.id)).toHaveLength(1);
  });

  it("gives each message its own generated wid", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await connect(driver, connection);

    const a = await receive(driver, connection.id, { from: "5511911112222", body: "1" });
    const b = await receive(driver, connection.id, { from: "5511911112222", body: "2" });

    expect(a.wid).not.toBe(b.wid);
  });

  it("refuses a message while the connection is not CONNECTED", async () => {
    const driver = newDriver();
    const connection = await simulatorConnection();
    await driver.start(connection);

    await expect(receive(driver, connection.id, { from: "5511911112222", body: "Oi" })).rejects.toBeInstanceOf(ChannelNotConnectedError);
    expect(inbound()).toHaveLength(0);
  });
});
