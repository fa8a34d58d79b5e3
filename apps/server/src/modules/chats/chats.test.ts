import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CHAT_MESSAGE_MAX, type Chat, type ChatMessage } from "@conversa/shared";
import { chatMessages, chatUsers, chats, plans } from "../../db/schema/index.ts";
import { type TestApp, buildTestApp } from "../../../test/build-test-app.ts";
import { bearer, createTenant, createUser, loginAs } from "../../../test/factories.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
/** A second attendant of company A, and a third who is in no chat. */
let carla: { id: number; token: string };
let dario: { id: number; token: string };

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  const made = await createUser(t.db, { companyId: a.company.id, name: "Carla Colega" });
  carla = { id: made.id, token: (await loginAs(t.app, made.email)).token };
  const other = await createUser(t.db, { companyId: a.company.id, name: "Dario Distante" });
  dario = { id: other.id, token: (await loginAs(t.app, other.email)).token };
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: Record<string, unknown>, query?: Record<string, string>) =>
  t.app.inject({ method, url, query, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const errorOf = (response: { statusCode: number; json: () => { error?: string } }) => ({ status: response.statusCode, error: response.json().error });

/** A chat of the agent (owner) with Carla. */
async function createChat(token = a.agentToken, users: number[] = [carla.id], title = "Escala de sábado"): Promise<Chat> {
  const response = await call("POST", "/chats", token, { title, users });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<Chat>();
}
async function write(chatId: number, token: string, message: string): Promise<ChatMessage> {
  const response = await call("POST", `/chats/${chatId}/messages`, token, { message });
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<ChatMessage>();
}
const membersOf = async (chatId: number) =>
  (await t.db.select({ userId: chatUsers.userId, unreads: chatUsers.unreads }).from(chatUsers).where(eq(chatUsers.chatId, chatId))).sort((x, y) => x.userId - y.userId);
const chatCount = async () => (await t.db.select({ id: chats.id }).from(chats)).length;
const eventsNamed = (name: string) => t.published.filter((event) => event.name === name).map((event) => event.payload);

describe("POST /chats", () => {
  it("creates a chat owned by the caller, with the caller and the users named as members, and tells them", async () => {
    t.published.length = 0;
    const response = await call("POST", "/chats", a.agentToken, { title: "  Escala de sábado  ", users: [carla.id, carla.id] });
    expect(response.statusCode, response.body).toBe(200);
    const chat = response.json<Chat>();
    expect(chat).toMatchObject({ title: "Escala de sábado", ownerId: a.agent.id, lastMessage: "", uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(chat.users.map((member) => member.userId).sort()).toEqual([a.agent.id, carla.id].sort());
    expect(chat.users.find((member) => member.userId === carla.id)).toEqual({ userId: carla.id, unreads: 0, user: { id: carla.id, name: "Carla Colega" } });
    expect(await membersOf(chat.id)).toEqual([a.agent.id, carla.id].sort((x, y) => x - y).map((userId) => ({ userId, unreads: 0 })));
    expect(eventsNamed("chat.changed")).toEqual([{ companyId: a.company.id, action: "create", chat }]);
  });

  it("answers 404 ERR_NO_USER_FOUND for a user of another company and adds nobody", async () => {
    const b = await createTenant(t.app, t.db);
    const response = await call("POST", "/chats", a.agentToken, { title: "Mistura", users: [carla.id, b.agent.id] });
    expect(errorOf(response)).toEqual({ status: 404, error: "ERR_NO_USER_FOUND" });
    expect(await chatCount()).toBe(0);
    expect((await t.db.select().from(chatUsers)).length).toBe(0);
  });

  it.each([
    ["an empty title", { title: "   ", users: [1] }],
    ["a 101-character title", { title: "x".repeat(101), users: [1] }],
    ["no users", { title: "Sozinho", users: [] }],
    ["users missing", { title: "Sozinho" }],
    ["a user id that is not a number", { title: "Sozinho", users: ["2"] }],
    ["an unknown field", { title: "Sozinho", users: [1], ownerId: 1 }],
  ])("answers 400 ERR_VALIDATION to %s and creates nothing", async (_label, payload) => {
    const response = await call("POST", "/chats", a.agentToken, payload);
    expect(errorOf(response)).toEqual({ status: 400, error: "ERR_VALIDATION" });
    expect(await chatCount()).toBe(0);
  });

  it("answers 401 without a session", async () => {
    expect((await call("POST", "/chats", undefined, { title: "x", users: [carla.id] })).statusCode).toBe(401);
  });
});

describe("GET /chats", () => {
  it("lists only the chats the caller is a member of, most recently active first, with their members", async () => {
    const first = await createChat(a.agentToken, [carla.id], "Primeira");
    const second = await createChat(a.agentToken, [dario.id], "Segunda");
    await createChat(a.adminToken, [dario.id], "Da administração");
    await write(first.id, carla.token, "oi");

    const asAgent = await call("GET", "/chats", a.agentToken);
    expect(asAgent.statusCode, asAgent.body).toBe(200);
    expect(asAgent.json<{ records: Chat[] }>().records.map((chat) => chat.title)).toEqual(["Primeira", "Segunda"]);
    expect(asAgent.json()).toMatchObject({ count: 2, hasMore: false });
    const asCarla = await call("GET", "/chats", carla.token);
    expect(asCarla.json<{ records: Chat[] }>().records.map((chat) => chat.id)).toEqual([first.id]);
    // An admin sees only the chats she is in.
    const asAdmin = await call("GET", "/chats", a.adminToken);
    expect(asAdmin.json<{ records: Chat[] }>().records.map((chat) => chat.title)).toEqual(["Da administração"]);
    expect(asAdmin.body).not.toContain("Primeira");
    expect(second.id).toBeGreaterThan(first.id);
  });

  it("searches the title and keeps, on request, only the chats with messages the caller has not read", async () => {
    const read = await createChat(a.agentToken, [carla.id], "Plantão de domingo");
    const unread = await createChat(a.agentToken, [carla.id], "Reunião geral");
    await write(unread.id, carla.token, "amanhã às 9h");
    const search = await call("GET", "/chats", a.agentToken, undefined, { searchParam: "PLANTÃO" });
    expect(search.json<{ records: Chat[] }>().records.map((chat) => chat.id)).toEqual([read.id]);
    const withUnread = await call("GET", "/chats", a.agentToken, undefined, { withUnreadMessages: "true" });
    expect(withUnread.json()).toMatchObject({ count: 1, hasMore: false, records: [{ id: unread.id }] });
    // Carla wrote it: nothing is unread for her.
    expect((await call("GET", "/chats", carla.token, undefined, { withUnreadMessages: "true" })).json()).toMatchObject({ count: 0, records: [] });
  });

  it("answers pages of 20 with hasMore", async () => {
    for (let i = 0; i < 21; i += 1) await createChat(a.agentToken, [carla.id], `Conversa ${i}`);
    const page1 = (await call("GET", "/chats", a.agentToken)).json<{ records: Chat[]; hasMore: boolean; count: number }>();
    const page2 = (await call("GET", "/chats", a.agentToken, undefined, { pageNumber: "2" })).json<{ records: Chat[]; hasMore: boolean }>();
    expect({ length: page1.records.length, hasMore: page1.hasMore, count: page1.count }).toEqual({ length: 20, hasMore: true, count: 21 });
    expect({ length: page2.records.length, hasMore: page2.hasMore }).toEqual({ length: 1, hasMore: false });
    expect(page2.records[0]!.title).toBe("Conversa 0");
  });
});

describe("GET /chats/:id", () => {
  it("answers a member's chat by its id or its uuid", async () => {
    const chat = await createChat();
    for (const ref of [chat.id, chat.uuid]) {
      const response = await call("GET", `/chats/${ref}`, carla.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual(chat);
    }
  });

  it("answers 404 ERR_NO_CHAT_FOUND to a user who is not a member (an admin too) and to another company", async () => {
    const chat = await createChat();
    const b = await createTenant(t.app, t.db);
    for (const token of [dario.token, a.adminToken, b.adminToken]) {
      for (const ref of [chat.id, chat.uuid]) {
        const response = await call("GET", `/chats/${ref}`, token);
        expect(errorOf(response)).toEqual({ status: 404, error: "ERR_NO_CHAT_FOUND" });
        expect(response.body).not.toContain("Escala");
      }
    }
  });

  it("answers 400 ERR_VALIDATION to a reference that is neither an id nor a uuid", async () => {
    expect(errorOf(await call("GET", "/chats/not-a-uuid", a.agentToken))).toEqual({ status: 400, error: "ERR_VALIDATION" });
  });
});

describe("PUT /chats/:id", () => {
  it("lets the owner change the title and the members; the removed member loses the chat at once", async () => {
    const chat = await createChat(a.agentToken, [carla.id]);
    await write(chat.id, a.agentToken, "antes da mudança");
    t.published.length = 0;

    const response = await call("PUT", `/chats/${chat.id}`, a.agentToken, { title: "Escala nova", users: [dario.id] });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Chat>();
    expect(updated.title).toBe("Escala nova");
    expect(updated.users.map((member) => member.userId).sort()).toEqual([a.agent.id, dario.id].sort());
    expect(eventsNamed("chat.changed")).toEqual([{ companyId: a.company.id, action: "update", chat: updated, previousUserIds: expect.arrayContaining([a.agent.id, carla.id]) }]);

    // Carla, removed, can neither read nor write it any more.
    for (const [method, url, payload] of [
      ["GET", `/chats/${chat.id}`],
      ["GET", `/chats/${chat.id}/messages`],
      ["POST", `/chats/${chat.id}/messages`, { message: "ainda estou aqui?" }],
      ["POST", `/chats/${chat.id}/read`, {}],
    ] as const) {
      expect(errorOf(await call(method, url, carla.token, payload)), `${method} ${url}`).toEqual({ status: 404, error: "ERR_NO_CHAT_FOUND" });
    }
    expect((await call("GET", "/chats", carla.token)).json()).toMatchObject({ records: [] });
    // Dario, added, reads the messages written before.
    expect((await call("GET", `/chats/${chat.id}/messages`, dario.token)).body).toContain("antes da mudança");
  });

  it("keeps the owner a member even when the owner is not named", async () => {
    const chat = await createChat(a.agentToken, [carla.id]);
    const response = await call("PUT", `/chats/${chat.id}`, a.agentToken, { title: "x", users: [carla.id] });
    expect(response.json<Chat>().users.map((member) => member.userId)).toContain(a.agent.id);
  });

  it("answers 403 ERR_NO_PERMISSION to a member who is not the owner, 404 to others, and changes nothing", async () => {
    const chat = await createChat(a.agentToken, [carla.id]);
    const b = await createTenant(t.app, t.db);
    const payload = { title: "Tomada", users: [dario.id] };
    expect(errorOf(await call("PUT", `/chats/${chat.id}`, carla.token, payload))).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    for (const token of [dario.token, a.adminToken, b.adminToken]) {
      expect(errorOf(await call("PUT", `/chats/${chat.id}`, token, payload))).toEqual({ status: 404, error: "ERR_NO_CHAT_FOUND" });
    }
    const [row] = await t.db.select({ title: chats.title }).from(chats).where(eq(chats.id, chat.id));
    expect(row?.title).toBe("Escala de sábado");
    expect((await membersOf(chat.id)).map((member) => member.userId)).toEqual([a.agent.id, carla.id].sort((x, y) => x - y));
  });

  it("answers 404 ERR_NO_USER_FOUND for a user of another company and changes nothing", async () => {
    const chat = await createChat(a.agentToken, [carla.id]);
    const b = await createTenant(t.app, t.db);
    const response = await call("PUT", `/chats/${chat.id}`, a.agentToken, { title: "Outra", users: [b.agent.id] });
    expect(errorOf(response)).toEqual({ status: 404, error: "ERR_NO_USER_FOUND" });
    expect((await membersOf(chat.id)).map((member) => member.userId)).toEqual([a.agent.id, carla.id].sort((x, y) => x - y));
  });
});

describe("DELETE /chats/:id", () => {
  it("lets the owner delete the chat with its messages, and tells its members", async () => {
    const chat = await createChat(a.agentToken, [carla.id]);
    await write(chat.id, carla.token, "tchau");
    t.published.length = 0;
    const response = await call("DELETE", `/chats/${chat.id}`, a.agentToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(await chatCount()).toBe(0);
    expect((await t.db.select().from(chatMessages)).length).toBe(0);
    expect(eventsNamed("chat.deleted")).toEqual([{ companyId: a.company.id, chatId: chat.id, userIds: expect.arrayContaining([a.agent.id, carla.id]) }]);
  });

  it("answers 403 ERR_NO_PERMISSION to a member who is not the owner, 404 to others, and deletes nothing", async () => {
    const chat = await createChat(a.agentToken, [carla.id]);
    expect(errorOf(await call("DELETE", `/chats/${chat.id}`, carla.token))).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    for (const token of [dario.token, a.adminToken]) expect(errorOf(await call("DELETE", `/chats/${chat.id}`, token))).toEqual({ status: 404, error: "ERR_NO_CHAT_FOUND" });
    expect(await chatCount()).toBe(1);
  });
});

describe("POST /chats/:id/messages", () => {
  it("stores the trimmed message with its sender, counts it unread for the other members only, and makes it the chat's last message", async () => {
    const chat = await createChat(a.agentToken, [carla.id, dario.id]);
    t.published.length = 0;
    const response = await call("POST", `/chats/${chat.id}/messages`, carla.token, { message: "  Bom dia!\nTudo certo?  " });
    expect(response.statusCode, response.body).toBe(200);
    const message = response.json<ChatMessage>();
    expect(message).toMatchObject({ chatId: chat.id, senderId: carla.id, sender: { id: carla.id, name: "Carla Colega" }, message: "Bom dia!\nTudo certo?" });
    expect(await membersOf(chat.id)).toEqual(
      [
        { userId: a.agent.id, unreads: 1 },
        { userId: carla.id, unreads: 0 },
        { userId: dario.id, unreads: 1 },
      ].sort((x, y) => x.userId - y.userId),
    );
    const [event] = eventsNamed("chat.message");
    expect(event).toMatchObject({ companyId: a.company.id, message, chat: { id: chat.id, lastMessage: "Bom dia!\nTudo certo?" } });
    await write(chat.id, a.agentToken, "Sim");
    expect((await membersOf(chat.id)).find((member) => member.userId === dario.id)?.unreads).toBe(2);
  });

  it("answers 404 ERR_NO_CHAT_FOUND to a user who is not a member, an admin too, and writes nothing", async () => {
    const chat = await createChat(a.agentToken, [carla.id]);
    for (const token of [dario.token, a.adminToken]) {
      expect(errorOf(await call("POST", `/chats/${chat.id}/messages`, token, { message: "intruso" }))).toEqual({ status: 404, error: "ERR_NO_CHAT_FOUND" });
    }
    expect((await t.db.select().from(chatMessages)).length).toBe(0);
  });

  it.each([
    ["a blank message", { message: "  \n " }],
    ["a message over the limit", { message: "x".repeat(CHAT_MESSAGE_MAX + 1) }],
    ["no message", {}],
    ["an unknown field", { message: "oi", senderId: 1 }],
  ])("answers 400 ERR_VALIDATION to %s", async (_label, payload) => {
    const chat = await createChat();
    expect(errorOf(await call("POST", `/chats/${chat.id}/messages`, a.agentToken, payload))).toEqual({ status: 400, error: "ERR_VALIDATION" });
    expect((await t.db.select().from(chatMessages)).length).toBe(0);
  });

  it("takes a message of exactly the limit", async () => {
    const chat = await createChat();
    expect((await call("POST", `/chats/${chat.id}/messages`, a.agentToken, { message: "x".repeat(CHAT_MESSAGE_MAX) })).statusCode).toBe(200);
  });
});

describe("GET /chats/:id/messages", () => {
  it("answers page 1 with the newest 20 messages in the order written, and the older ones on page 2", async () => {
    const chat = await createChat();
    for (let i = 1; i <= 25; i += 1) await write(chat.id, i % 2 ? a.agentToken : carla.token, `mensagem ${i}`);
    const page1 = (await call("GET", `/chats/${chat.id}/messages`, carla.token)).json<{ records: ChatMessage[]; hasMore: boolean; count: number }>();
    expect(page1.records.map((m) => m.message)).toEqual(Array.from({ length: 20 }, (_, i) => `mensagem ${i + 6}`));
    expect({ hasMore: page1.hasMore, count: page1.count }).toEqual({ hasMore: true, count: 25 });
    expect(page1.records[0]).toMatchObject({ senderId: carla.id, sender: { name: "Carla Colega" } });
    const page2 = (await call("GET", `/chats/${chat.id}/messages`, carla.token, undefined, { pageNumber: "2" })).json<{ records: ChatMessage[]; hasMore: boolean }>();
    expect(page2.records.map((m) => m.message)).toEqual(["mensagem 1", "mensagem 2", "mensagem 3", "mensagem 4", "mensagem 5"]);
    expect(page2.hasMore).toBe(false);
  });

  it("answers 404 ERR_NO_CHAT_FOUND to a user who is not a member and to another company", async () => {
    const chat = await createChat();
    await write(chat.id, a.agentToken, "segredo da equipe");
    const b = await createTenant(t.app, t.db);
    for (const token of [dario.token, a.adminToken, b.adminToken]) {
      const response = await call("GET", `/chats/${chat.id}/messages`, token);
      expect(errorOf(response)).toEqual({ status: 404, error: "ERR_NO_CHAT_FOUND" });
      expect(response.body).not.toContain("segredo");
    }
  });
});

describe("POST /chats/:id/read", () => {
  it("clears the caller's unread count only, answers the chat and tells the caller", async () => {
    const chat = await createChat(a.agentToken, [carla.id, dario.id]);
    await write(chat.id, a.agentToken, "um");
    await write(chat.id, a.agentToken, "dois");
    t.published.length = 0;
    const response = await call("POST", `/chats/${chat.id}/read`, carla.token, { userId: carla.id });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<Chat>();
    expect(answered.users.find((member) => member.userId === carla.id)?.unreads).toBe(0);
    expect((await membersOf(chat.id)).find((member) => member.userId === dario.id)?.unreads).toBe(2);
    expect(eventsNamed("chat.read")).toEqual([{ companyId: a.company.id, userId: carla.id, chat: answered }]);
    // Without a body's userId too.
    expect((await call("POST", `/chats/${chat.id}/read`, dario.token, {})).statusCode).toBe(200);
    expect((await membersOf(chat.id)).find((member) => member.userId === dario.id)?.unreads).toBe(0);
  });

  it("refuses to mark the chat read for another user: 403 for one of the company, 404 ERR_NO_USER_FOUND for another company's", async () => {
    const chat = await createChat(a.agentToken, [carla.id]);
    await write(chat.id, a.agentToken, "um");
    const b = await createTenant(t.app, t.db);
    expect(errorOf(await call("POST", `/chats/${chat.id}/read`, a.agentToken, { userId: carla.id }))).toEqual({ status: 403, error: "ERR_NO_PERMISSION" });
    expect(errorOf(await call("POST", `/chats/${chat.id}/read`, a.agentToken, { userId: b.agent.id }))).toEqual({ status: 404, error: "ERR_NO_USER_FOUND" });
    const [carlaRow] = await t.db.select({ unreads: chatUsers.unreads }).from(chatUsers).where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, carla.id)));
    expect(carlaRow?.unreads).toBe(1);
  });

  it("answers 404 ERR_NO_CHAT_FOUND to a user who is not a member", async () => {
    const chat = await createChat();
    expect(errorOf(await call("POST", `/chats/${chat.id}/read`, dario.token, {}))).toEqual({ status: 404, error: "ERR_NO_CHAT_FOUND" });
  });
});

describe("a company whose plan switches internal chat off", () => {
  it("is refused every chat route with 403 ERR_PLAN_FEATURE_DISABLED", async () => {
    const chat = await createChat();
    await t.db.update(plans).set({ useInternalChat: false }).where(eq(plans.id, a.company.plan.id));
    for (const [method, url, payload] of [
      ["GET", "/chats"],
      ["GET", `/chats/${chat.uuid}`],
      ["POST", "/chats", { title: "x", users: [carla.id] }],
      ["PUT", `/chats/${chat.id}`, { title: "x", users: [carla.id] }],
      ["DELETE", `/chats/${chat.id}`],
      ["POST", `/chats/${chat.id}/read`, {}],
      ["GET", `/chats/${chat.id}/messages`],
      ["POST", `/chats/${chat.id}/messages`, { message: "oi" }],
    ] as const) {
      const response = await call(method, url, a.agentToken, payload);
      expect({ ...errorOf(response), url }).toEqual({ status: 403, error: "ERR_PLAN_FEATURE_DISABLED", url });
    }
    expect(await chatCount()).toBe(1);
  });
});
