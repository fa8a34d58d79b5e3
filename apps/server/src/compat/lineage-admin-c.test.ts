/**
 * The previous generation's web client (4.8.2) on Conversa's administration screens, third part: the
 * kanban board, the internal chat's realtime names and the file lists (docs/compatibility.md). Each block
 * sends the client's own requests and checks every field its screen reads.
 */
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Chat, type FileList, chatRoomEvent, chatUserEvent, companyEvent } from "@conversa/shared";
import { companyStorage, contacts, fileListOptions, tags, ticketTags, tickets } from "../db/schema/index.ts";
import { PNG } from "../modules/queues/upload-fixtures.ts";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { bearer, createTenant, createUser, createVendasAndSuporte, loginAs } from "../../test/factories.ts";
import { type ReceivedEvent, recordSocket } from "../../test/socket-recorder.ts";

let t: TestApp;
let a: Awaited<ReturnType<typeof createTenant>>;
let b: Awaited<ReturnType<typeof createTenant>>;
const sockets: Socket[] = [];

beforeEach(async () => {
  t = await buildTestApp();
  a = await createTenant(t.app, t.db);
  b = await createTenant(t.app, t.db);
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.close();
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });

let barriers = 0;
/**
 * Every event published before it has reached every recorder (sockets of `companyId`): a setting change
 * goes to the whole company after them, and each socket receives its events in order. The setting's
 * event is taken out of the recorders.
 */
async function barrier(companyId: number, adminToken: string, recorders: ReceivedEvent[][]) {
  barriers += 1;
  const value = barriers % 2 === 0 ? "enabled" : "disabled";
  const changed = await call("PUT", "/settings/userRating", adminToken, { key: "userRating", value });
  expect(changed.statusCode, changed.body).toBe(200);
  const name = companyEvent(companyId, "settings");
  const isBarrier = (entry: ReceivedEvent) => entry.event === name && (entry.payload as { setting: { value: string } }).setting.value === value;
  for (const seen of recorders) await eventually(() => seen.some(isBarrier), (reached) => reached);
  for (const seen of recorders) seen.splice(seen.findIndex(isBarrier), 1);
}

async function insertTag(companyId: number, name: string, kanban: number, color = "#3F51B5") {
  const [row] = await t.db.insert(tags).values({ companyId, name, kanban, color }).returning();
  return row!;
}

let seq = 0;
async function ticketOf(companyId: number, name: string, tagIds: number[], values: Partial<typeof tickets.$inferInsert> = {}) {
  seq += 1;
  const [contact] = await t.db.insert(contacts).values({ companyId, name, number: `55119${String(seq).padStart(8, "0")}` }).returning();
  const [ticket] = await t.db.insert(tickets).values({ companyId, contactId: contact!.id, status: "open", lastMessage: `última de ${name}`, ...values }).returning();
  if (tagIds.length) await t.db.insert(ticketTags).values(tagIds.map((tagId) => ({ companyId, ticketId: ticket!.id, tagId })));
  return ticket!;
}

describe("10. Kanban: GET /tags/kanban", () => {
  it("answers the company's lanes under lista, with the id, name and color the board reads", async () => {
    const doing = await insertTag(a.company.id, "Fazendo", 1, "#FF9800");
    await insertTag(a.company.id, "VIP", 0);
    await insertTag(b.company.id, "Alheia", 1);

    // pages/Kanban/index.js (line 38-39): api.get("/tags/kanban"), then response.data.lista || []
    const response = await call("GET", "/tags/kanban", a.agentToken);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ lista: [{ id: doing.id, name: "Fazendo", color: "#FF9800", kanban: 1 }] });
    expect((await call("GET", "/tags/kanban")).statusCode).toBe(401);
  });
});

describe("11. Kanban: GET /ticket/kanban as the board asks for it", () => {
  /** pages/Kanban/index.js (line 62-73): the user's queue ids from UserQueue, `teste: true`, then data.tickets. */
  async function lineageBoard(email: string) {
    const { token, user } = await loginAs(t.app, email);
    const queueIds = user.queues.map((queue) => queue.UserQueue.queueId);
    const response = await t.app.inject({ method: "GET", url: "/ticket/kanban", query: { queueIds: JSON.stringify(queueIds), teste: "true" }, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return { token, tickets: response.json<{ tickets: { id: number; uuid: string; lastMessage: string; contact: { name: string; number: string }; tags: { id: number }[] }[] }>().tickets };
  }

  /** popularCards (line 81-150): 'Em aberto' holds the tickets without tags, each lane those carrying its tag. */
  function lanesOf(board: Awaited<ReturnType<typeof lineageBoard>>["tickets"], laneIds: number[]) {
    return {
      lane0: board.filter((ticket) => ticket.tags.length === 0).map((ticket) => ticket.contact.name),
      ...Object.fromEntries(laneIds.map((id) => [id, board.filter((ticket) => ticket.tags.some((tag) => tag.id === id)).map((ticket) => ticket.contact.name)])),
    };
  }

  it("answers every open and pending ticket the attendant may see, each with its tags, so each card lands in its lane", async () => {
    const doing = await insertTag(a.company.id, "Fazendo", 1);
    const done = await insertTag(a.company.id, "Feito", 1);
    const { vendas, suporte } = await createVendasAndSuporte(t.db, a.company.id, a.agent.id);
    await ticketOf(a.company.id, "Novo", [], { queueId: vendas.id });
    const working = await ticketOf(a.company.id, "Em curso", [doing.id], { queueId: vendas.id, status: "pending" });
    await ticketOf(a.company.id, "Pronto", [done.id], { queueId: vendas.id });
    await ticketOf(a.company.id, "Resolvido", [done.id], { queueId: vendas.id, status: "closed" });
    await ticketOf(a.company.id, "Do Suporte", [doing.id], { queueId: suporte.id });
    await ticketOf(b.company.id, "De outra empresa", [], {});

    const { tickets: board } = await lineageBoard(a.agent.email);

    expect(lanesOf(board, [doing.id, done.id])).toEqual({ lane0: ["Novo"], [doing.id]: ["Em curso"], [done.id]: ["Pronto"] });
    const card = board.find((ticket) => ticket.id === working.id)!;
    expect(card).toMatchObject({ id: working.id, uuid: working.uuid, lastMessage: "última de Em curso", contact: { name: "Em curso", number: expect.stringMatching(/^55119/) } });
    expect(JSON.stringify(board)).not.toContain("Do Suporte");
    expect(JSON.stringify(board)).not.toContain("Resolvido");
    expect(JSON.stringify(board)).not.toContain("De outra empresa");
  });

  it("keeps a moved card in its new lane after a reload", async () => {
    const doing = await insertTag(a.company.id, "Fazendo", 1);
    const ticket = await ticketOf(a.company.id, "Movido", []);

    // handleCardMove (line 164-175): DELETE /ticket-tags/{ticket}, then PUT /ticket-tags/{ticket}/{lane it was dropped on}.
    expect((await call("DELETE", `/ticket-tags/${ticket.id}`, a.adminToken)).statusCode).toBe(200);
    expect((await call("PUT", `/ticket-tags/${ticket.id}/${doing.id}`, a.adminToken)).statusCode).toBe(200);

    const { tickets: board } = await lineageBoard(a.admin.email);
    expect(lanesOf(board, [doing.id])).toEqual({ lane0: [], [doing.id]: ["Movido"] });
  });

  it("still pages (40, with count and hasMore), and still refuses another company's lane and unknown values", async () => {
    for (let i = 0; i < 41; i++) await ticketOf(a.company.id, `Card ${i}`, []);
    const first = await call("GET", "/ticket/kanban?teste=true", a.adminToken);
    expect(first.json()).toMatchObject({ count: 41, hasMore: true });
    expect(first.json().tickets).toHaveLength(40);

    const foreign = await insertTag(b.company.id, "Alheia", 1);
    const response = await call("GET", `/ticket/kanban?tagId=${foreign.id}`, a.adminToken);
    expect([response.statusCode, response.json().error]).toEqual([404, "ERR_NO_TAG_FOUND"]);
    const both = await call("GET", `/ticket/kanban?untagged=true&tagId=${foreign.id}`, a.adminToken);
    expect([both.statusCode, both.json().error]).toEqual([400, "ERR_VALIDATION"]);
    // Another company's queue in queueIds matches none of its tickets.
    await ticketOf(b.company.id, "B card", [], {});
    const { vendas } = await createVendasAndSuporte(t.db, b.company.id, b.agent.id);
    const crossed = await call("GET", `/ticket/kanban?showAll=true&queueIds=${JSON.stringify([vendas.id])}`, a.adminToken);
    expect(crossed.statusCode).toBe(200);
    expect(crossed.body).not.toContain("B card");
  });
});

describe("13. Internal chat: the rooms the 4.8.2 chat pages listen to", () => {
  let url: string;
  beforeEach(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  it("tells the members alone on chat-user-{id}, chat-{chatId} and chat, with newMessage.chat.users and the chat under chat", async () => {
    const carla = await createUser(t.db, { companyId: a.company.id, name: "Carla Colega" });
    const dario = await createUser(t.db, { companyId: a.company.id, name: "Dario Distante" });
    const carlaToken = (await loginAs(t.app, carla.email)).token;
    const seen = {
      owner: await recordSocket(url, a.agentToken, sockets),
      carla: await recordSocket(url, carlaToken, sockets),
      dario: await recordSocket(url, (await loginAs(t.app, dario.email)).token, sockets),
      admin: await recordSocket(url, a.adminToken, sockets),
      other: await recordSocket(url, b.adminToken, sockets),
    };
    const all = Object.values(seen).slice(0, 4);
    const chatNames = (list: ReceivedEvent[]) => list.filter((entry) => entry.event.startsWith(companyEvent(a.company.id, "chat")));

    // pages/Chat/index.js handleSave (line 100): { users: [{ id, name }], title }
    const created = await call("POST", "/chats", a.agentToken, { users: [{ id: carla.id, name: "Carla Colega" }], title: "Escala" });
    expect(created.statusCode, created.body).toBe(200);
    const chat = created.json<Chat>();
    await barrier(a.company.id, a.adminToken, all);

    // line 213-215: company-{id}-chat-user-{own id}, action create, data.record put at the top of the list.
    for (const [who, userId] of [["owner", a.agent.id], ["carla", carla.id]] as const) {
      expect(seen[who].filter((entry) => entry.event === chatUserEvent(a.company.id, userId)), who).toEqual([
        { event: chatUserEvent(a.company.id, userId), payload: { action: "create", record: chat, chat } },
      ]);
    }
    // A member hears her own room only.
    expect(seen.owner.some((entry) => entry.event === chatUserEvent(a.company.id, carla.id))).toBe(false);

    for (const list of all) list.length = 0;
    const sent = await call("POST", `/chats/${chat.id}/messages`, carlaToken, { message: "CHAT-SECRET bom dia" });
    expect(sent.statusCode, sent.body).toBe(200);
    await barrier(a.company.id, a.adminToken, all);

    for (const who of ["owner", "carla"] as const) {
      // line 244-257: company-{id}-chat-{chatId}, new-message: data.newMessage appended, data.chat replaces the list's chat.
      const inRoom = seen[who].filter((entry) => entry.event === chatRoomEvent(a.company.id, chat.id));
      expect(inRoom, who).toHaveLength(1);
      const payload = inRoom[0]!.payload as { action: string; newMessage: { chatId: number; senderId: number; message: string; chat: Chat }; chat: Chat };
      expect(payload).toMatchObject({ action: "new-message", newMessage: { chatId: chat.id, senderId: carla.id, message: "CHAT-SECRET bom dia" }, chat: { id: chat.id, lastMessage: "CHAT-SECRET bom dia" } });
      // pages/Chat/ChatPopover.js line 150-152: data.newMessage.chat.users.map(userId) on company-{id}-chat, to ring for the others.
      const onCompany = seen[who].filter((entry) => entry.event === companyEvent(a.company.id, "chat"));
      expect(onCompany.map((entry) => entry.payload), who).toEqual([payload]);
      expect(payload.newMessage.chat.users.map((member) => member.userId).sort()).toEqual([a.agent.id, carla.id].sort());
      // layout/MainListItems.js line 124-130 (CHANGE_CHAT): payload.chat with every member's unreads.
      expect(payload.chat.users.find((member) => member.userId === a.agent.id)?.unreads).toBe(1);
    }

    for (const list of all) list.length = 0;
    // The owner renames the chat: the chat page reads data.record on chat-user-{id}, the menu data.chat on company-{id}-chat.
    const changed = await call("PUT", `/chats/${chat.id}`, a.agentToken, { users: [{ id: carla.id, name: "Carla Colega" }], title: "Escala 2" });
    expect(changed.statusCode, changed.body).toBe(200);
    // ChatList.js line 67: POST /chats/{id}/read with { userId } when the chat has unread messages.
    const read = await call("POST", `/chats/${chat.id}/read`, a.agentToken, { userId: a.agent.id });
    expect(read.statusCode, read.body).toBe(200);
    await barrier(a.company.id, a.adminToken, all);

    const ownerChat = seen.owner.filter((entry) => entry.event === chatUserEvent(a.company.id, a.agent.id));
    expect(ownerChat.map((entry) => (entry.payload as { action: string; record: Chat }).action)).toEqual(["update"]);
    expect((ownerChat[0]!.payload as { record: Chat }).record.title).toBe("Escala 2");
    for (const entry of seen.owner.filter((entry) => entry.event === companyEvent(a.company.id, "chat"))) {
      expect((entry.payload as { chat: Chat }).chat.id).toBe(chat.id);
    }
    // The read: chat-{chatId} with data.chat (line 259-268), to the reader alone.
    const readInRoom = seen.owner.filter((entry) => entry.event === chatRoomEvent(a.company.id, chat.id)).map((entry) => entry.payload as { action: string; chat: Chat });
    expect(readInRoom.map((payload) => [payload.action, payload.chat.users.find((member) => member.userId === a.agent.id)?.unreads])).toEqual([["update", 0]]);
    expect(seen.carla.filter((entry) => entry.event === chatRoomEvent(a.company.id, chat.id))).toEqual([]);

    // No other user of the company, the admin included, and no other company hears any of it.
    for (const who of ["dario", "admin"] as const) expect(chatNames(seen[who]), who).toEqual([]);
    const otherBefore = [...seen.other];
    await barrier(b.company.id, b.adminToken, [seen.other]);
    expect(JSON.stringify(otherBefore)).not.toContain("CHAT-SECRET");
    expect(otherBefore.filter((entry) => entry.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });

  it("gives each member as chat.users[].user {id, name}, as the chat edit dialog reads it", async () => {
    const carla = await createUser(t.db, { companyId: a.company.id, name: "Carla Colega" });
    await call("POST", "/chats", a.agentToken, { users: [carla.id], title: "Escala" });
    const { records } = (await call("GET", "/chats", a.agentToken)).json<{ records: Chat[] }>();
    // pages/Chat/index.js line 73-76: chat.users.map((u) => ({ id: u.user.id, name: u.user.name }))
    expect(records[0]!.users.map((u) => ({ id: u.user.id, name: u.user.name })).sort((x, y) => x.id - y.id)).toEqual(
      [
        { id: a.agent.id, name: "Beto Atendente" },
        { id: carla.id, name: "Carla Colega" },
      ].sort((x, y) => x.id - y.id),
    );
  });
});

describe("15. File lists as the Files page and its dialog send them", () => {
  const boundary = "----lineage-files";
  /** FileModal uploadFiles (components/FileModal/index.js line 127-141): fileId, typeArch, then files, mediaType, name and id for each option with a file. */
  type Picked = { optionId?: number | string; name: string; field?: string };
  function lineageUpload(listId: number, picked: Picked[]) {
    const parts: Buffer[] = [];
    const text = (name: string, value: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
    parts.push(text("fileId", String(listId)), text("typeArch", "fileList"));
    for (const file of picked) {
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "files"}"; filename="${file.name}.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from("\r\n"));
      if (file.optionId !== undefined) parts.push(text("mediaType", "image/png"), text("name", file.name), text("id", String(file.optionId)));
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  }
  const upload = (token: string, listId: number, picked: Picked[]) => {
    const { payload, headers } = lineageUpload(listId, picked);
    return t.app.inject({ method: "POST", url: `/files/uploadList/${listId}`, payload, headers: { ...headers, ...bearer(token) } });
  };

  it("saves the dialog's body with options[].file as {} and the empty path and mediaType, then takes the files in the field files", async () => {
    // handleSaveFileList (line 150-161): { ...values, userId }, each option with the picked File, which JSON turns into {}.
    const created = await call("POST", "/files", a.adminToken, {
      name: "Catálogo",
      message: "Segue o catálogo",
      options: [
        { name: "Capa", path: "", mediaType: "", file: {} },
        { name: "Preços", path: "", file: {} },
      ],
      userId: a.admin.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = created.json<FileList>();
    expect(list.options.map((option) => ({ name: option.name, path: option.path, mediaType: option.mediaType }))).toEqual([
      { name: "Capa", path: null, mediaType: null },
      { name: "Preços", path: null, mediaType: null },
    ]);

    const uploaded = await upload(a.adminToken, list.id, [
      { optionId: list.options[0]!.id, name: "Capa" },
      { optionId: list.options[1]!.id, name: "Preços" },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json<FileList>().options.map((option) => [option.name, option.mediaType, option.path?.startsWith("/media/")])).toEqual([
      ["Capa", "image/png", true],
      ["Preços", "image/png", true],
    ]);
    // Conversa's own page sends the field file: still taken.
    const own = await upload(a.adminToken, list.id, [{ name: "Extra", field: "file" }]);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<FileList>().options).toHaveLength(3);
  });

  it("puts each file in the option its id names, replacing a file the option had, and refuses ids that are not this list's options", async () => {
    const list = (await call("POST", "/files", a.adminToken, { name: "Catálogo", message: "Segue", options: [{ name: "Capa", file: {} }, { name: "Sem arquivo" }, { name: "Verso", file: {} }] })).json<FileList>();
    const [capa, semArquivo, verso] = list.options.map((option) => option.id);
    const first = await upload(a.adminToken, list.id, [
      { optionId: capa!, name: "Capa" },
      { optionId: verso!, name: "Verso" },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const paths = first.json<FileList>().options.map((option) => option.path);
    expect([paths[0]?.startsWith("/media/"), paths[1], paths[2]?.startsWith("/media/")]).toEqual([true, null, true]);

    // A new file for Verso, as the dialog sends it on edit: the option keeps its id and gets the new file; the old one is gone.
    const again = await upload(a.adminToken, list.id, [{ optionId: verso!, name: "Verso" }]);
    expect(again.statusCode, again.body).toBe(200);
    const versoAfter = again.json<FileList>().options.find((option) => option.id === verso)!;
    expect(versoAfter.path).not.toBe(paths[2]);
    expect((await t.app.inject({ method: "GET", url: paths[2]!, headers: bearer(a.adminToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: versoAfter.path!, headers: bearer(a.adminToken) })).statusCode).toBe(200);

    const foreign = (await call("POST", "/files", b.adminToken, { name: "Alheia", message: "Segue", options: [{ name: "Dela" }] })).json<FileList>();
    const otherList = (await call("POST", "/files", a.adminToken, { name: "Outra", message: "Segue", options: [{ name: "Dela" }] })).json<FileList>();
    const used = async () => (await t.db.select({ usedBytes: companyStorage.usedBytes }).from(companyStorage).where(eq(companyStorage.companyId, a.company.id)))[0]?.usedBytes;
    const usedBefore = await used();
    for (const optionId of [foreign.options[0]!.id, otherList.options[0]!.id, "undefined", 0, semArquivo!]) {
      const picked: Picked[] = optionId === semArquivo ? [{ optionId, name: "x" }, { optionId, name: "y" }] : [{ optionId, name: "x" }];
      const refused = await upload(a.adminToken, list.id, picked);
      expect([refused.statusCode, refused.json().error], String(optionId)).toEqual([400, "ERR_VALIDATION"]);
    }
    const unchanged = (await call("GET", `/files/${list.id}`, a.adminToken)).json<FileList>();
    expect(unchanged.options.map((option) => option.path)).toEqual([paths[0], null, versoAfter.path]);
    // The refused uploads' files were not kept.
    expect(await used()).toBe(usedBefore);
    expect((await call("GET", `/files/${foreign.id}`, b.adminToken)).json<FileList>().options[0]!.path).toBeNull();
  });

  it("changes a list sent back as its GET answered it, an option without a file (path and mediaType null) and a new one with file {}", async () => {
    const created = (await call("POST", "/files", a.adminToken, { name: "Catálogo", message: "Segue", options: [{ name: "Capa" }] })).json<FileList>();
    const shown = (await call("GET", `/files/${created.id}`, a.adminToken)).json<FileList>();
    expect(shown.options[0]).toMatchObject({ path: null, mediaType: null });

    const changed = await call("PUT", `/files/${created.id}`, a.adminToken, {
      ...shown,
      options: [...shown.options, { name: "Verso", path: "", file: {} }],
      userId: a.admin.id,
    });

    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<FileList>().options.map((option) => option.name)).toEqual(["Capa", "Verso"]);
    // The echoed id must be the path's.
    const other = (await call("POST", "/files", a.adminToken, { name: "Outra", message: "Segue" })).json<FileList>();
    const crossed = await call("PUT", `/files/${other.id}`, a.adminToken, { ...shown, options: [] });
    expect([crossed.statusCode, crossed.json().error]).toEqual([400, "ERR_VALIDATION"]);
    expect((await call("GET", `/files/${other.id}`, a.adminToken)).json()).toMatchObject({ name: "Outra" });
  });

  it("refuses a file that is not the serialised File, an unknown key, and another company's list or user", async () => {
    const body = (option: Record<string, unknown>) => ({ name: "Catálogo", message: "Segue", options: [{ name: "Capa", ...option }] });
    for (const option of [{ file: { path: "/etc/passwd" } }, { file: "capa.png" }, { file: null }, { url: "https://x.example/capa.png" }]) {
      const response = await call("POST", "/files", a.adminToken, body(option));
      expect([response.statusCode, response.json().error], JSON.stringify(option)).toEqual([400, "ERR_VALIDATION"]);
    }
    const foreign = (await call("POST", "/files", b.adminToken, body({}))).json<FileList>();
    const changed = await call("PUT", `/files/${foreign.id}`, a.adminToken, { ...body({ file: {} }) });
    expect([changed.statusCode, changed.json().error]).toEqual([404, "ERR_NO_FILE_LIST_FOUND"]);
    const uploaded = await upload(a.adminToken, foreign.id, [{ optionId: foreign.options[0]!.id, name: "Capa" }]);
    expect([uploaded.statusCode, uploaded.json().error]).toEqual([404, "ERR_NO_FILE_LIST_FOUND"]);
    expect(await t.db.select({ path: fileListOptions.path }).from(fileListOptions).where(eq(fileListOptions.fileListId, foreign.id))).toEqual([{ path: null }]);
    const otherUser = await call("POST", "/files", a.adminToken, { ...body({}), userId: b.admin.id });
    expect([otherUser.statusCode, otherUser.json().error]).toEqual([404, "ERR_NO_USER_FOUND"]);
    const wrongField = await upload(a.adminToken, (await call("POST", "/files", a.adminToken, body({}))).json<FileList>().id, [{ name: "Capa", field: "document" }]);
    expect([wrongField.statusCode, wrongField.json().error]).toEqual([400, "ERR_VALIDATION"]);
  });

  it("tells the page the list as data.files (the 4.8.2 reducer) and as record (Conversa's), to the company alone", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const seen = await recordSocket(url, a.agentToken, sockets);
    const other = await recordSocket(url, b.adminToken, sockets);
    const name = companyEvent(a.company.id, "file");

    const list = (await call("POST", "/files", a.adminToken, { name: "Catálogo", message: "Segue", options: [{ name: "Capa", file: {} }] })).json<FileList>();
    const changed = (await call("PUT", `/files/${list.id}`, a.adminToken, { name: "Catálogo 2", message: "Segue", options: [{ id: list.options[0]!.id, name: "Capa" }] })).json<FileList>();

    // pages/Files/index.js line 139-142: create or update → UPDATE_FILES with data.files, one list by its id.
    const payloads = await eventually(
      () => seen.filter((entry) => entry.event === name).map((entry) => entry.payload),
      (list) => list.length >= 2,
    );
    expect(payloads).toEqual([
      { action: "create", record: list, files: list },
      { action: "update", record: changed, files: changed },
    ]);
    const otherBefore = [...other];
    await barrier(b.company.id, b.adminToken, [other]);
    expect(otherBefore.filter((entry) => entry.event.startsWith(`company-${a.company.id}-`))).toEqual([]);
  });
});
