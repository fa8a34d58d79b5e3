import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import net from "node:net";
import {
  type AnyMessageContent,
  type BaileysEventMap,
  DisconnectReason,
  type MiscMessageGenerationOptions,
  type UserFacingSocketConfig,
  type WAMessage,
  type WAMessageKey,
  makeWASocket,
} from "baileys";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { channelAuthKeys, connections } from "../../db/schema/index.ts";
import { createPlatform } from "../../platform.ts";
import { type TestApp, buildTestApp, testConfig } from "../../../test/build-test-app.ts";
import { createCompany } from "../../../test/factories.ts";
import { type ChannelEvent, ChannelNotConnectedError, type DriverConnection } from "../types.ts";
import { BaileysDriver, MAX_QR_CODES } from "./baileys-driver.ts";
import * as fixtures from "./fixtures/messages.ts";
import { type BaileysSocket, disconnectCode, reconnectDelay } from "./socket.ts";

/** A Baileys socket at its boundary: the test drives its events the way the library emits them. */
class FakeSocket implements BaileysSocket {
  readonly emitter = new EventEmitter();
  readonly ev = {
    on: <T extends keyof BaileysEventMap>(event: T, listener: (arg: BaileysEventMap[T]) => void) => {
      this.emitter.on(event, listener);
    },
  };
  sendMessage = vi.fn(
    async (jid: string, _content: AnyMessageContent, options?: MiscMessageGenerationOptions): Promise<WAMessage | undefined> => ({
      key: { remoteJid: jid, id: options?.messageId ?? "3EB0GENERATED", fromMe: true },
    }),
  );
  onWhatsApp = vi.fn(async (..._numbers: string[]) => [{ jid: "5511988887777@s.whatsapp.net", exists: true }]);
  readMessages = vi.fn(async (_keys: WAMessageKey[]) => undefined);
  profilePictureUrl = vi.fn(async (_jid: string): Promise<string | undefined> => "https://pps.whatsapp.net/v/t61.24694-24/abc.jpg");
  groupMetadata = vi.fn(async (_jid: string) => ({ subject: "Clientes VIP" }));
  updateMediaMessage = vi.fn(async (message: WAMessage) => message);
  logout = vi.fn(async () => undefined);
  end = vi.fn(async (_error: Error | undefined) => undefined);
  signalRepository = { lidMapping: { getPNForLID: vi.fn(async (lid: string) => (lid === "98765432109876@lid" ? "5511955554444:0@s.whatsapp.net" : null)) } };

  constructor(readonly config: UserFacingSocketConfig) {}

  emit<T extends keyof BaileysEventMap>(event: T, arg: BaileysEventMap[T]): void {
    this.emitter.emit(event, arg);
  }

  /** What the library does once paired: `me` is in the credentials, then the connection opens. */
  open(meId = "5511999990000:7@s.whatsapp.net"): void {
    this.config.auth.creds.me = { id: meId, name: "Loja Exemplo" };
    this.emit("connection.update", { connection: "open" });
  }

  close(statusCode?: number): void {
    const error = Object.assign(new Error("Connection Failure"), { output: { statusCode } });
    this.emit("connection.update", { connection: "close", lastDisconnect: { error, date: new Date() } });
  }
}

let t: TestApp;
let events: ChannelEvent[];
let sockets: FakeSocket[];
let driver: BaileysDriver;
let connection: DriverConnection;
let failingSink: boolean;

beforeEach(async () => {
  t = await buildTestApp();
  events = [];
  sockets = [];
  failingSink = false;
  driver = new BaileysDriver({
    db: t.db,
    sink: async (event) => {
      events.push(event);
      if (failingSink) throw new Error("engine down");
    },
    log: pino({ level: "silent" }),
    makeSocket: (config) => {
      const socket = new FakeSocket(config);
      sockets.push(socket);
      return socket;
    },
  });
  const company = await createCompany(t.db);
  const [row] = await t.db.insert(connections).values({ companyId: company.id, name: `WhatsApp ${randomUUID().slice(0, 8)}`, provider: "beta" }).returning();
  if (!row) throw new Error("connection not created");
  connection = { id: row.id, companyId: company.id, name: row.name, provider: "beta" };
});

afterEach(async () => {
  vi.useRealTimers();
  await driver.stop(connection.id);
  await t.close();
});

function socket(index = -1): FakeSocket {
  const found = sockets.at(index);
  if (!found) throw new Error("no socket was created");
  return found;
}

function statuses() {
  return events.flatMap((event) => (event.type === "status" ? [event] : []));
}

function messages() {
  return events.flatMap((event) => (event.type === "message" ? [event.message] : []));
}

async function storedSession() {
  const [row] = await t.db.select({ session: connections.session }).from(connections).where(eq(connections.id, connection.id));
  return row?.session;
}

async function storedKeys() {
  return t.db
    .select()
    .from(channelAuthKeys)
    .where(and(eq(channelAuthKeys.companyId, connection.companyId), eq(channelAuthKeys.connectionId, connection.id)));
}

async function startConnected() {
  await driver.start(connection);
  socket().open();
  await vi.waitFor(() => expect(statuses().at(-1)?.status).toBe("CONNECTED"));
}

describe("BaileysDriver session states", () => {
  it("reports OPENING and creates the socket with the auth state from the database", async () => {
    await driver.start(connection);
    expect(statuses()).toEqual([{ type: "status", connectionId: connection.id, companyId: connection.companyId, status: "OPENING", qrcode: null }]);
    expect(sockets).toHaveLength(1);
    const config = socket().config;
    expect(config.auth.creds.registered).toBe(false);
    expect(config).toMatchObject({ emitOwnEvents: false, markOnlineOnConnect: false, syncFullHistory: false });
    // The key store reads the database.
    await t.db.insert(channelAuthKeys).values({ companyId: connection.companyId, connectionId: connection.id, category: "session", keyId: "x.0", value: { type: "Buffer", data: "AQI=" } });
    expect(await config.auth.keys.get("session", ["x.0"])).toEqual({ "x.0": Buffer.from([1, 2]) });
  });

  it("reports each QR code with its count, and TIMEOUT after the last one", async () => {
    await driver.start(connection);
    for (let index = 1; index <= MAX_QR_CODES; index++) socket().emit("connection.update", { qr: `2@qr-${index}` });
    await vi.waitFor(() => expect(statuses()).toHaveLength(1 + MAX_QR_CODES));
    expect(statuses().slice(1)).toEqual(Array.from({ length: MAX_QR_CODES }, (_, index) => expect.objectContaining({ status: "qrcode", qrcode: `2@qr-${index + 1}`, retries: index + 1 })));

    socket().emit("connection.update", { qr: "2@qr-too-many" });
    await vi.waitFor(() => expect(statuses().at(-1)).toMatchObject({ status: "TIMEOUT", qrcode: null }));
    expect(socket().end).toHaveBeenCalled();
    // The session is over: later events of that socket change nothing, and nothing is sent.
    socket().close(DisconnectReason.connectionClosed);
    await expect(driver.send(connection.id, { idempotencyKey: "m1", to: "5511988887777", isGroup: false, body: "oi" })).rejects.toBeInstanceOf(ChannelNotConnectedError);
    expect(sockets).toHaveLength(1);
  });

  it("reports PAIRING when the QR is scanned, reconnects at once on restartRequired, then CONNECTED with the phone's number", async () => {
    await driver.start(connection);
    socket().emit("connection.update", { qr: "2@qr-1" });
    socket().emit("connection.update", { isNewLogin: true, qr: undefined });
    await vi.waitFor(() => expect(statuses().at(-1)?.status).toBe("PAIRING"));
    socket().close(DisconnectReason.restartRequired);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(statuses().at(-1)?.status).toBe("PAIRING");

    socket().open("5511999990000:7@s.whatsapp.net");
    await vi.waitFor(() => expect(statuses().at(-1)).toMatchObject({ status: "CONNECTED", number: "5511999990000", qrcode: null, retries: 0 }));
    // The same credentials object is handed to the new socket.
    expect(socket(1).config.auth.creds).toBe(socket(0).config.auth.creds);
  });

  it("saves the credentials on creds.update", async () => {
    await driver.start(connection);
    socket().config.auth.creds.me = { id: "5511999990000:7@s.whatsapp.net" };
    socket().emit("creds.update", { me: { id: "5511999990000:7@s.whatsapp.net" } });
    await vi.waitFor(async () => expect(await storedSession()).toMatchObject({ driver: "baileys", creds: { me: { id: "5511999990000:7@s.whatsapp.net" } } }));
  });

  it("clears the auth state and reports DISCONNECTED when the phone logs the device out", async () => {
    await startConnected();
    socket().emit("creds.update", {});
    await socket().config.auth.keys.set({ "pre-key": { "1": { public: Buffer.alloc(32, 1), private: Buffer.alloc(32, 2) } } });
    await vi.waitFor(async () => expect(await storedSession()).not.toBeNull());
    expect(await storedKeys()).toHaveLength(1);

    socket().close(DisconnectReason.loggedOut);
    await vi.waitFor(() => expect(statuses().at(-1)).toMatchObject({ status: "DISCONNECTED", qrcode: null }));
    expect(await storedSession()).toBeNull();
    expect(await storedKeys()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(1);
  });

  it("reports DISCONNECTED without reconnecting when another client replaced the session", async () => {
    await startConnected();
    socket().emit("creds.update", {});
    await vi.waitFor(async () => expect(await storedSession()).not.toBeNull());
    socket().close(DisconnectReason.connectionReplaced);
    await vi.waitFor(() => expect(statuses().at(-1)?.status).toBe("DISCONNECTED"));
    expect(await storedSession()).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(1);
  });

  it("reconnects with exponential backoff, reporting OPENING once, and stop() cancels the pending reconnect", async () => {
    await startConnected();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

    socket().close(DisconnectReason.connectionLost);
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    expect(statuses().at(-1)?.status).toBe("OPENING");
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    socket().close(DisconnectReason.connectionClosed);
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    socket().close(undefined);
    await vi.advanceTimersByTimeAsync(4000);
    expect(sockets).toHaveLength(4);
    expect(statuses().filter((status) => status.status === "OPENING")).toHaveLength(2); // start, then the first loss

    socket().open();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses().at(-1)?.status).toBe("CONNECTED");
    // A successful open starts the backoff over at 1 s.
    socket().close(DisconnectReason.connectionLost);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sockets).toHaveLength(5);

    socket().close(DisconnectReason.connectionLost);
    await driver.stop(connection.id);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(5);
  });

  it("grows the delay 1 s, 2 s, 4 s … up to 60 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it("reads the close code of a Boom, and nothing from other errors", () => {
    expect(disconnectCode(Object.assign(new Error("Stream Errored"), { output: { statusCode: 515 } }))).toBe(515);
    expect(disconnectCode(new Error("plain"))).toBeUndefined();
    expect(disconnectCode(undefined)).toBeUndefined();
  });

  it("stop() ends the socket without logging out", async () => {
    await startConnected();
    const current = socket();
    await driver.stop(connection.id);
    expect(current.end).toHaveBeenCalled();
    expect(current.logout).not.toHaveBeenCalled();
    await expect(driver.send(connection.id, { idempotencyKey: "m1", to: "5511988887777", isGroup: false, body: "oi" })).rejects.toBeInstanceOf(ChannelNotConnectedError);
  });

  it("logout() logs out on the network, forgets the credentials and reports DISCONNECTED, even when the network fails", async () => {
    await startConnected();
    socket().emit("creds.update", {});
    await vi.waitFor(async () => expect(await storedSession()).not.toBeNull());
    socket().logout.mockRejectedValueOnce(new Error("Connection Closed"));

    await driver.logout(connection.id);

    expect(socket().logout).toHaveBeenCalled();
    expect(socket().end).toHaveBeenCalled();
    expect(await storedSession()).toBeNull();
    expect(statuses().at(-1)).toMatchObject({ status: "DISCONNECTED", qrcode: null });
  });

  it("logout() of a connection not running here still forgets its credentials", async () => {
    await t.db.update(connections).set({ session: { driver: "baileys", creds: {} } }).where(eq(connections.id, connection.id));
    await driver.logout(connection.id);
    expect(await storedSession()).toBeNull();
    expect(statuses()).toEqual([expect.objectContaining({ status: "DISCONNECTED", companyId: connection.companyId })]);
  });
});

describe("BaileysDriver messages", () => {
  it("refuses to send while the session is not open", async () => {
    const message = { idempotencyKey: "m1", to: "5511988887777", isGroup: false, body: "oi" };
    await expect(driver.send(connection.id, message)).rejects.toBeInstanceOf(ChannelNotConnectedError);
    await driver.start(connection);
    socket().emit("connection.update", { qr: "2@qr-1" });
    await expect(driver.send(connection.id, message)).rejects.toBeInstanceOf(ChannelNotConnectedError);
    expect(socket().sendMessage).not.toHaveBeenCalled();
  });

  it("sends the mapped content with the id derived from the idempotency key and answers the network's id", async () => {
    await startConnected();
    const first = await driver.send(connection.id, { idempotencyKey: "message-42", to: "5511988887777", isGroup: false, body: "Olá!" });
    expect(socket().sendMessage).toHaveBeenCalledWith("5511988887777@s.whatsapp.net", { text: "Olá!" }, { messageId: first.wid });
    expect(first.wid).toMatch(/^3EB0[0-9A-F]{18}$/);
    const retried = await driver.send(connection.id, { idempotencyKey: "message-42", to: "5511988887777", isGroup: false, body: "Olá!" });
    expect(retried.wid).toBe(first.wid);

    socket().sendMessage.mockResolvedValueOnce({ key: { remoteJid: "5511988887777@s.whatsapp.net", id: "3EB0FROMNETWORK", fromMe: true } });
    expect(await driver.send(connection.id, { idempotencyKey: "message-43", to: "5511988887777", isGroup: false, body: "Tudo bem?" })).toEqual({ wid: "3EB0FROMNETWORK" });
  });

  it("passes a network failure on to the caller", async () => {
    await startConnected();
    socket().sendMessage.mockRejectedValueOnce(new Error("Timed Out"));
    await expect(driver.send(connection.id, { idempotencyKey: "m1", to: "5511988887777", isGroup: false, body: "oi" })).rejects.toThrow("Timed Out");
  });

  it("deletes, checks numbers, marks read and fetches profile pictures through the socket", async () => {
    await startConnected();
    await driver.deleteMessage(connection.id, { to: "5511988887777", isGroup: false, wid: "3EB0ABC", fromMe: true });
    expect(socket().sendMessage).toHaveBeenCalledWith("5511988887777@s.whatsapp.net", { delete: { remoteJid: "5511988887777@s.whatsapp.net", id: "3EB0ABC", fromMe: true } });

    expect(await driver.checkNumber(connection.id, "+55 11 98888-7777")).toEqual({ exists: true, number: "5511988887777" });
    expect(socket().onWhatsApp).toHaveBeenCalledWith("5511988887777");
    socket().onWhatsApp.mockResolvedValueOnce([]);
    expect(await driver.checkNumber(connection.id, "5511900000000")).toEqual({ exists: false });

    await driver.markRead(connection.id, { number: "5511988887777", isGroup: false }, ["A1", "A2"]);
    expect(socket().readMessages).toHaveBeenCalledWith([
      { remoteJid: "5511988887777@s.whatsapp.net", id: "A1", fromMe: false },
      { remoteJid: "5511988887777@s.whatsapp.net", id: "A2", fromMe: false },
    ]);

    expect(await driver.profilePictureUrl(connection.id, "5511988887777")).toBe("https://pps.whatsapp.net/v/t61.24694-24/abc.jpg");
    socket().profilePictureUrl.mockRejectedValueOnce(new Error("item-not-found"));
    expect(await driver.profilePictureUrl(connection.id, "5511988887777")).toBeNull();
  });

  it("lists the phone's contacts the network reported in this session, and refuses while not connected", async () => {
    await driver.start(connection);
    await expect(driver.listContacts(connection.id)).rejects.toBeInstanceOf(ChannelNotConnectedError);
    socket().open();
    await vi.waitFor(() => expect(statuses().at(-1)?.status).toBe("CONNECTED"));
    socket().emit("messaging-history.set", { chats: [], messages: [], contacts: [{ id: "5511977776666@s.whatsapp.net", notify: "Mari" }] });
    socket().emit("contacts.upsert", [{ id: "5511955554444@s.whatsapp.net", name: "Pedro" }, { id: "120363025246125244@g.us", name: "Grupo" }]);
    socket().emit("contacts.update", [{ id: "5511977776666@s.whatsapp.net", name: "Maria" }]);
    expect(await driver.listContacts(connection.id)).toEqual([
      { number: "5511955554444", name: "Pedro" },
      { number: "5511977776666", name: "Maria" },
    ]);
  });

  it("hands notify and append messages to the sink in order, mapped, with the group's name and LIDs resolved", async () => {
    await startConnected();
    socket().emit("messages.upsert", { type: "notify", messages: [fixtures.text, fixtures.groupMessage, fixtures.protocolRevoke] });
    socket().emit("messages.upsert", { type: "append", messages: [fixtures.groupLidParticipant] });
    await vi.waitFor(() => expect(messages()).toHaveLength(3));
    expect(messages()).toEqual([
      expect.objectContaining({ wid: fixtures.text.key.id, connectionId: connection.id, companyId: connection.companyId, chat: { number: "5511988887777", isGroup: false, name: "Maria Silva" } }),
      expect.objectContaining({ wid: fixtures.groupMessage.key.id, chat: { number: "120363041234567890", isGroup: true, name: "Clientes VIP" }, sender: { number: "5511977776666", name: "Carlos" } }),
      expect.objectContaining({ wid: fixtures.groupLidParticipant.key.id, sender: { number: "5511955554444", name: "Beatriz" } }),
    ]);
    // The group's subject is asked once per session.
    expect(socket().groupMetadata).toHaveBeenCalledTimes(1);
  });

  it("reports receipts of sent messages as acks", async () => {
    await startConnected();
    socket().emit("messages.update", [
      { key: { remoteJid: "5511988887777@s.whatsapp.net", id: "3EB0SENT", fromMe: true }, update: { status: 3 } },
      { key: { remoteJid: "5511988887777@s.whatsapp.net", id: "3EB0SENT", fromMe: true }, update: { status: 4 } },
      { key: { remoteJid: "5511988887777@s.whatsapp.net", id: "3EB0THEIRS", fromMe: false }, update: { status: 4 } },
    ]);
    await vi.waitFor(() => expect(events.filter((event) => event.type === "ack")).toHaveLength(2));
    expect(events.filter((event) => event.type === "ack")).toEqual([
      { type: "ack", connectionId: connection.id, companyId: connection.companyId, wid: "3EB0SENT", ack: 3 },
      { type: "ack", connectionId: connection.id, companyId: connection.companyId, wid: "3EB0SENT", ack: 4 },
    ]);
  });

  it("keeps a failing handler or sink inside the driver: no exception reaches the library, no unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      await startConnected();
      failingSink = true;
      // A malformed update throws synchronously inside the handler; the sink rejects for the messages.
      expect(() => socket().emitter.emit("messages.update", [null])).not.toThrow();
      expect(() => socket().emit("messages.upsert", { type: "notify", messages: [fixtures.text, fixtures.imageWithCaption] })).not.toThrow();
      expect(() => socket().emit("connection.update", { qr: "2@qr" })).not.toThrow();
      await vi.waitFor(() => expect(messages()).toHaveLength(2));
      await new Promise((resolve) => setTimeout(resolve, 20));

      // The driver carries on.
      failingSink = false;
      socket().emit("messages.upsert", { type: "notify", messages: [fixtures.video] });
      await vi.waitFor(() => expect(messages()).toHaveLength(3));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});

describe("BaileysDriver when its own callbacks fail", () => {
  it("ends the session DISCONNECTED when a connection update cannot be handled, and nothing reaches the library or the process", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      await driver.start(connection);
      const broken = socket();
      // The library hands over a socket whose user cannot be read: the "open" handler throws.
      Object.defineProperty(broken, "user", {
        get() {
          throw new Error("malformed user");
        },
      });
      expect(() => broken.emit("connection.update", { connection: "open" })).not.toThrow();

      await vi.waitFor(() => expect(statuses().at(-1)).toMatchObject({ status: "DISCONNECTED", qrcode: null }));
      expect(broken.end).toHaveBeenCalled();
      await expect(driver.send(connection.id, { idempotencyKey: "m1", to: "5511988887777", isGroup: false, body: "oi" })).rejects.toBeInstanceOf(ChannelNotConnectedError);
      // The ended session's later events change nothing, and it can be started again.
      broken.emit("connection.update", { qr: "2@qr-late" });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(statuses().at(-1)?.status).toBe("DISCONNECTED");
      await startConnected();
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });

  it("keeps the session when a message handler fails: one message costs that message only", async () => {
    await startConnected();
    socket().signalRepository.lidMapping.getPNForLID.mockImplementation(() => {
      throw new Error("lid store broken");
    });
    socket().emit("messages.upsert", { type: "notify", messages: [fixtures.groupLidParticipant, fixtures.text] });
    await vi.waitFor(() => expect(messages().map((message) => message.wid)).toContain(fixtures.text.key.id));
    expect(statuses().at(-1)?.status).toBe("CONNECTED");
  });
});

describe("BaileysDriver with the real library", () => {
  it("creates Baileys sockets on the database auth state and reconnects after the library's own close errors", async () => {
    // A local server that hangs up every connection: the real socket fails without reaching WhatsApp.
    const server = net.createServer((connection) => connection.destroy());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    let created = 0;
    const real = new BaileysDriver({
      db: t.db,
      sink: async (event) => {
        events.push(event);
      },
      log: pino({ level: "silent" }),
      makeSocket: (config) => {
        created += 1;
        return makeWASocket({ ...config, waWebSocketUrl: `ws://127.0.0.1:${address.port}/ws/chat` });
      },
    });
    try {
      await real.start(connection);
      // Closed with a Boom 408: reconnect after 1 s, then after 2 s more.
      await vi.waitFor(() => expect(created).toBe(3), { timeout: 15_000, interval: 100 });
      expect(statuses().map((status) => status.status)).toEqual(["OPENING"]);
    } finally {
      await real.stop(connection.id);
      server.close();
    }
    const afterStop = created;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(created).toBe(afterStop);
  }, 30_000);
});

describe("platform registration", () => {
  it("registers the beta driver outside tests only, so that no test run reaches WhatsApp", () => {
    const log = pino({ level: "silent" });
    expect(createPlatform(testConfig({ env: "production" }), t.database, log).channels.hasDriver("beta")).toBe(true);
    expect(createPlatform(testConfig(), t.database, log).channels.hasDriver("beta")).toBe(false);
  });
});
