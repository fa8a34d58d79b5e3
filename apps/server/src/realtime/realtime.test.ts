import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { type Socket, io as connect } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLIENT_EVENTS, companyEvent } from "@conversa/shared";
import { users } from "../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { createTenant, createUser, loginAs } from "../../test/factories.ts";

let t: TestApp;
let url: string;
const sockets: Socket[] = [];

beforeEach(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

function open(token: string | undefined): Socket {
  const socket = connect(url, { auth: token ? { token } : {}, transports: ["websocket"], reconnection: false, forceNew: true });
  sockets.push(socket);
  return socket;
}

function ready(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", reject);
  });
}

function connectError(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once("connect_error", (error: Error) => resolve(error.message)));
}

function until(predicate: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      if (await predicate()) return resolve();
      if (Date.now() - start > timeoutMs) return reject(new Error("condition not met in time"));
      setTimeout(tick, 50);
    };
    void tick();
  });
}

describe("the realtime handshake", () => {
  it("refuses a socket without a token or with a forged one", async () => {
    expect(await connectError(open(undefined))).toBe("ERR_SESSION_EXPIRED");
    expect(await connectError(open("not.a.token"))).toBe("ERR_SESSION_EXPIRED");
  });

  it("accepts a valid token, signals ready and marks the user online", async () => {
    const a = await createTenant(t.app, t.db);
    const socket = open(a.agentToken);

    await ready(socket);

    await until(async () => (await t.db.select({ online: users.online }).from(users).where(eq(users.id, a.agent.id)))[0]?.online === true);
  });

  it("marks the user offline when their last socket disconnects", async () => {
    const a = await createTenant(t.app, t.db);
    const socket = open(a.agentToken);
    await ready(socket);
    await until(async () => (await t.db.select({ online: users.online }).from(users).where(eq(users.id, a.agent.id)))[0]?.online === true);

    socket.disconnect();

    await until(async () => (await t.db.select({ online: users.online }).from(users).where(eq(users.id, a.agent.id)))[0]?.online === false);
  });
});

describe("company-{id}-auth", () => {
  it("tells the old session's socket when the account logs in elsewhere, and drops it", async () => {
    const a = await createTenant(t.app, t.db);
    const user = await createUser(t.db, { companyId: a.company.id });
    const first = await loginAs(t.app, user.email);
    const socket = open(first.token);
    await ready(socket);
    const received = new Promise((resolve) => socket.on(companyEvent(a.company.id, "auth"), resolve));
    const dropped = new Promise((resolve) => socket.on("disconnect", resolve));

    await loginAs(t.app, user.email);

    expect(await received).toEqual({ action: "update", user: { id: user.id } });
    await dropped;
  });
});

describe("company isolation", () => {
  it("never delivers an event of company A to a socket of company B, whatever it asks to join", async () => {
    const a = await createTenant(t.app, t.db);
    const b = await createTenant(t.app, t.db);
    const socketA = open(a.agentToken);
    const socketB = open(b.adminToken);
    await Promise.all([ready(socketA), ready(socketB)]);
    const seenByB: string[] = [];
    socketB.onAny((event: string) => seenByB.push(event));
    // B tries to join A's rooms by every name a client can send.
    socketB.emit(CLIENT_EVENTS.joinNotification, a.company.id);
    socketB.emit(CLIENT_EVENTS.joinTickets, `c${a.company.id}:status:open`);
    socketB.emit(CLIENT_EVENTS.joinChatBox, `c${a.company.id}`);
    socketB.emit("join", `c${a.company.id}`);
    const aSaw = new Promise((resolve) => socketA.on(companyEvent(a.company.id, "settings"), resolve));

    const response = await t.app.inject({
      method: "PUT",
      url: "/settings/userRating",
      headers: { authorization: `Bearer ${a.adminToken}` },
      payload: { value: "enabled" },
    });

    expect(response.statusCode).toBe(200);
    expect(await aSaw).toEqual({ action: "update", setting: { key: "userRating", value: "enabled" } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seenByB.filter((event) => event.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });
});
