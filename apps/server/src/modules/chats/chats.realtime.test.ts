import type { AddressInfo } from "node:net";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Chat, type ChatEventPayload, companyEvent } from "@conversa/shared";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";
import { recordSocket } from "../../../test/socket-recorder.ts";

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

/** A socket of the account that records every event it receives. */
const listen = (token: string) => recordSocket(url, token, sockets);

const settle = () => new Promise((resolve) => setTimeout(resolve, 250));

describe("company-{id}-chat", () => {
  it("reaches the chat's members only: no other user of the company, the admin included, hears its messages, and a removed member is told and hears nothing after", async () => {
    const a = await createTenant(t.app, t.db);
    const carlaUser = await createUser(t.db, { companyId: a.company.id, name: "Carla Colega" });
    const darioUser = await createUser(t.db, { companyId: a.company.id, name: "Dario Distante" });
    const carlaToken = (await loginAs(t.app, carlaUser.email)).token;
    const darioToken = (await loginAs(t.app, darioUser.email)).token;
    const chatEvent = companyEvent(a.company.id, "chat");
    const seen = { owner: await listen(a.agentToken), carla: await listen(carlaToken), dario: await listen(darioToken), admin: await listen(a.adminToken) };
    const chatPayloads = (who: keyof typeof seen) => seen[who].filter((entry) => entry.event === chatEvent).map((entry) => entry.payload as ChatEventPayload);
    const call = (method: "POST" | "PUT", path: string, token: string, payload: object) => t.app.inject({ method, url: path, headers: bearer(token), payload });

    const created = await call("POST", "/chats", a.agentToken, { title: "Escala", users: [carlaUser.id] });
    const chat = created.json<Chat>();
    await call("POST", `/chats/${chat.id}/messages`, carlaToken, { message: "CHAT-SECRET primeira" });
    await settle();

    expect(chatPayloads("owner").map((payload) => payload.action)).toEqual(["create", "new-message"]);
    expect(chatPayloads("carla").map((payload) => payload.action)).toEqual(["create", "new-message"]);
    expect(chatPayloads("carla")[1]).toMatchObject({ newMessage: { message: "CHAT-SECRET primeira", senderId: carlaUser.id }, chat: { id: chat.id, lastMessage: "CHAT-SECRET primeira" } });
    for (const outsider of ["dario", "admin"] as const) {
      expect(chatPayloads(outsider), `${outsider} is not a member`).toEqual([]);
      expect(JSON.stringify(seen[outsider])).not.toContain("CHAT-SECRET");
    }

    // The owner swaps Carla for Dario.
    for (const list of Object.values(seen)) list.length = 0;
    const updated = await call("PUT", `/chats/${chat.id}`, a.agentToken, { title: "Escala", users: [darioUser.id] });
    expect(updated.statusCode, updated.body).toBe(200);
    await call("POST", `/chats/${chat.id}/messages`, a.agentToken, { message: "CHAT-SECRET segunda" });
    await settle();

    expect(chatPayloads("carla")).toEqual([{ action: "delete", id: chat.id }]);
    expect(JSON.stringify(seen.carla)).not.toContain("CHAT-SECRET segunda");
    expect(chatPayloads("dario").map((payload) => payload.action)).toEqual(["create", "new-message"]);
    expect(chatPayloads("owner").map((payload) => payload.action)).toEqual(["update", "new-message"]);
    expect(chatPayloads("admin")).toEqual([]);

    // A read is told to the reader alone.
    for (const list of Object.values(seen)) list.length = 0;
    await call("POST", `/chats/${chat.id}/read`, darioToken, {});
    await settle();
    expect(chatPayloads("dario")).toEqual([{ action: "update", record: expect.objectContaining({ id: chat.id }), chat: expect.objectContaining({ id: chat.id }) }]);
    expect([...chatPayloads("owner"), ...chatPayloads("carla"), ...chatPayloads("admin")]).toEqual([]);
  });

  it("tells every member of a deleted chat, and no one else", async () => {
    const a = await createTenant(t.app, t.db);
    const seen = { owner: await listen(a.agentToken), admin: await listen(a.adminToken) };
    const other = await createUser(t.db, { companyId: a.company.id });
    const otherSeen = await listen((await loginAs(t.app, other.email)).token);
    const chat = (await t.app.inject({ method: "POST", url: "/chats", headers: bearer(a.agentToken), payload: { title: "Breve", users: [other.id] } })).json<Chat>();
    await t.app.inject({ method: "DELETE", url: `/chats/${chat.id}`, headers: bearer(a.agentToken) });
    await settle();
    const chatEvent = companyEvent(a.company.id, "chat");
    const of = (list: { event: string; payload: unknown }[]) => list.filter((entry) => entry.event === chatEvent).map((entry) => entry.payload);
    expect(of(seen.owner)).toEqual([expect.objectContaining({ action: "create" }), { action: "delete", id: chat.id }]);
    expect(of(otherSeen)).toEqual([expect.objectContaining({ action: "create" }), { action: "delete", id: chat.id }]);
    expect(of(seen.admin)).toEqual([]);
  });
});
