import type { AddressInfo } from "node:net";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type SimulatorConnection, type SimulatorEventPayload, companyEvent } from "@conversa/shared";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createSimulatorConnection, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { type ReceivedEvent, recordSocket } from "../../../test/socket-recorder.ts";

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
const CUSTOMER = "5511911112222";

beforeEach(async () => {
  t = await buildTestApp();
  // The conversation engine is not under test: the customers' messages and acks stop at the channel manager.
  t.platform.channels.setInboundHandler({ handleInbound: async () => undefined, handleAck: async () => undefined, handleSendFailed: async () => undefined });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});


/**
 * Two companies, each with a simulator connection; sockets of company A's admin and attendant (a user-profile
 * account, who may not use the simulator) and of company B's admin.
 */
async function setUp() {
  const a = await createTenant(t.app, t.db);
  const b = await createTenant(t.app, t.db);
  const connection = await createSimulatorConnection(t.db, { companyId: a.company.id });
  await createSimulatorConnection(t.db, { companyId: b.company.id });
  const [admin, agent, other] = await Promise.all([recordSocket(url, a.adminToken, sockets), recordSocket(url, a.agentToken, sockets), recordSocket(url, b.adminToken, sockets)]);
  const simulatorEvents = (received: ReceivedEvent[]) =>
    received.filter((entry) => entry.event === companyEvent(a.company.id, "simulator")).map((entry) => entry.payload as SimulatorEventPayload);
  const request = (method: "GET" | "POST" | "PUT", path: string, payload?: object) => t.app.inject({ method, url: path, payload, headers: bearer(a.adminToken) });
  return { a, b, connection, admin, agent, other, simulatorEvents, request };
}

describe("company-{id}-simulator", () => {
  it("tells the company's admins when a connection's state changes (start, QR code, pairing, switches), and no attendant nor socket of another company", async () => {
    const { a, connection, admin, agent, other, simulatorEvents, request } = await setUp();
    const changed: SimulatorEventPayload = { action: "connection", connectionId: connection.id };

    await t.platform.channels.start(a.company.id, connection.id);
    await vi.waitFor(() => expect(simulatorEvents(admin)).toContainEqual(changed));

    const [listed] = (await request("GET", "/simulator/connections")).json<SimulatorConnection[]>();
    admin.length = 0;
    agent.length = 0;
    expect((await request("POST", `/simulator/connections/${connection.id}/scan`, { qrcode: listed?.qrcode, number: "5511900001111" })).statusCode).toBe(200);
    // PAIRING, then CONNECTED: the page reads the connection again after each.
    await vi.waitFor(async () => expect((await request("GET", "/simulator/connections")).json<SimulatorConnection[]>()[0]?.status).toBe("CONNECTED"));
    await vi.waitFor(() => expect(simulatorEvents(admin).length).toBeGreaterThanOrEqual(2));
    expect(simulatorEvents(admin).every((payload) => payload.action === "connection" && payload.connectionId === connection.id)).toBe(true);

    admin.length = 0;
    expect((await request("PUT", `/simulator/connections/${connection.id}/sends`, { refuse: true })).statusCode).toBe(200);
    await vi.waitFor(() => expect(simulatorEvents(admin)).toEqual([changed]));

    // Nothing of company A, the QR code least of all, ever reaches company B; the attendant hears nothing of the simulator.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.filter((entry) => entry.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
    expect(JSON.stringify(other)).not.toContain("SIMULATOR:");
    expect(simulatorEvents(agent)).toEqual([]);
    expect(JSON.stringify(admin.filter((entry) => entry.event.endsWith("-simulator")))).not.toContain("SIMULATOR:");
  });

  it("tells the company's admins of a customer's message, of the company's reply and of its acks and read, naming the conversation, and never an attendant", async () => {
    const { a, connection, admin, agent, other, simulatorEvents, request } = await setUp();
    await t.platform.channels.start(a.company.id, connection.id);
    const [listed] = (await request("GET", "/simulator/connections")).json<SimulatorConnection[]>();
    await request("POST", `/simulator/connections/${connection.id}/scan`, { qrcode: listed?.qrcode, number: "5511900001111" });
    await vi.waitFor(async () => expect((await request("GET", "/simulator/connections")).json<SimulatorConnection[]>()[0]?.status).toBe("CONNECTED"));
    const chat: SimulatorEventPayload = { action: "chat", connectionId: connection.id, number: CUSTOMER };
    const chatEvents = (received: ReceivedEvent[]) => simulatorEvents(received).filter((payload) => payload.action === "chat");

    // The customer writes (through the simulator's API).
    expect((await request("POST", `/simulator/connections/${connection.id}/messages`, { from: CUSTOMER, name: "Maria", body: "Oi" })).statusCode).toBe(201);
    await vi.waitFor(() => expect(chatEvents(admin)).toEqual([chat]));

    // The company replies: the message reaches the phone, then its acks (sent, delivered).
    admin.length = 0;
    await t.platform.channels.send(connection.id, { idempotencyKey: "reply-1", to: CUSTOMER, isGroup: false, body: "Olá Maria!" });
    await vi.waitFor(() => expect(chatEvents(admin)).toEqual([chat, chat, chat]));

    // The customer reads it.
    admin.length = 0;
    expect((await request("POST", `/simulator/connections/${connection.id}/chats/${CUSTOMER}/read`)).json()).toEqual({ read: 1 });
    await vi.waitFor(() => expect(chatEvents(admin)).toEqual([chat]));

    // The company deletes it.
    admin.length = 0;
    await t.platform.channels.deleteMessage(connection.id, { to: CUSTOMER, isGroup: false, wid: "reply-1", fromMe: true });
    await vi.waitFor(() => expect(chatEvents(admin)).toEqual([chat]));

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.filter((entry) => entry.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
    expect(JSON.stringify(other)).not.toContain(CUSTOMER);
    // The attendant may not open every conversation of the connection: she hears of none through the simulator.
    expect(simulatorEvents(agent)).toEqual([]);
    expect(JSON.stringify(agent.filter((entry) => entry.event.endsWith("-simulator")))).not.toContain(CUSTOMER);
  });

  it("tells a super user of the company whatever their profile, as the routes let them use the simulator", async () => {
    const { a, connection, simulatorEvents } = await setUp();
    const superUser = await createUser(t.db, { companyId: a.company.id, profile: "user", isSuper: true });
    const socket = await recordSocket(url, (await loginAs(t.app, superUser.email)).token, sockets);
    await t.platform.channels.start(a.company.id, connection.id);
    await vi.waitFor(() => expect(simulatorEvents(socket)).toContainEqual({ action: "connection", connectionId: connection.id }));
  });

  it("stops telling an admin whose profile is changed to user, on the socket already open", async () => {
    const { a, connection, admin, simulatorEvents, request } = await setUp();
    const demoted = await createUser(t.db, { companyId: a.company.id, profile: "admin" });
    const socket = await recordSocket(url, (await loginAs(t.app, demoted.email)).token, sockets);
    const changed: SimulatorEventPayload = { action: "connection", connectionId: connection.id };
    await t.platform.channels.start(a.company.id, connection.id);
    await vi.waitFor(() => expect(simulatorEvents(socket)).toContainEqual(changed));

    const update = await request("PUT", `/users/${demoted.id}`, { name: demoted.name, email: demoted.email, profile: "user" });
    expect(update.statusCode, update.body).toBe(200);
    // The open socket follows the new profile once the server has handled the change (user.access.changed), just after the answer.
    await new Promise((resolve) => setTimeout(resolve, 300));
    admin.length = 0;
    socket.length = 0;
    expect((await request("PUT", `/simulator/connections/${connection.id}/sends`, { refuse: true })).statusCode).toBe(200);
    await vi.waitFor(() => expect(simulatorEvents(admin)).toEqual([changed]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(simulatorEvents(socket)).toEqual([]);
  });
});
