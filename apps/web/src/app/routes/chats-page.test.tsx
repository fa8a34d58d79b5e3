import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Chat } from "@conversa/shared";
import { chatOf, messageOf } from "../../features/chats/testing/fixtures.ts";
import type { FakeSocket } from "../../test/fake-socket.ts";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { companyPlan, sessionUser } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";

const { sockets } = vi.hoisted(() => ({ sockets: [] as FakeSocket[] }));

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return {
    io: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  };
});

const SLOW = { timeout: 20_000 };
const user = sessionUser({ id: 7, profile: "user" });
/** Ana's own chat, with two messages she has not read, and one of Bruno's. */
const own = chatOf(1, { title: "Escala de sábado", lastMessage: "Quem fica?" }, { 7: 2 });
const others = chatOf(2, { title: "Reunião geral", ownerId: 8, lastMessage: "Amanhã às 9h" });

function signedIn(options: { plan?: ReturnType<typeof companyPlan>; extra?: (call: FetchCall) => Response | undefined } = {}) {
  localStorage.setItem("token", "access-1");
  localStorage.setItem("userId", String(user.id));
  localStorage.setItem("companyId", String(user.companyId));
  let read = false;
  const chats = () => [read ? { ...own, users: own.users.map((member) => ({ ...member, unreads: 0 })) } : own, others];
  return mockFetch((call) => {
    const extra = options.extra?.(call);
    if (extra) return extra;
    if (call.path === "/auth/me") return jsonResponse(user);
    if (call.path === "/companies/listPlan/3") return jsonResponse(options.plan ?? companyPlan());
    if (call.path === "/version") return jsonResponse({ version: "4.8.2" });
    if (call.path === "/chats" && call.method === "GET") {
      const records = call.url.searchParams.get("withUnreadMessages") === "true" ? chats().filter((chat) => chat.users.some((m) => m.userId === 7 && m.unreads > 0)) : chats();
      return jsonResponse({ records, count: records.length, hasMore: false });
    }
    if (call.path === `/chats/${own.uuid}`) return jsonResponse(chats()[0]);
    if (call.path === "/chats/1/read" && call.method === "POST") {
      read = true;
      return jsonResponse(chats()[0]);
    }
    if (call.path === "/chats/1/messages" && call.method === "GET") {
      return jsonResponse({ records: [messageOf(10, 1, 8, "Quem fica no sábado?"), messageOf(11, 1, 7, "Eu fico de manhã")], count: 2, hasMore: false });
    }
    if (call.path === "/chats/1/messages" && call.method === "POST") {
      return jsonResponse(messageOf(12, 1, 7, String((call.body as { message: string }).message)));
    }
    if (call.path === "/users/list") return jsonResponse([{ id: 7, name: "Ana Souza", profile: "user", online: true, queues: [] }, { id: 8, name: "Bruno Lima", profile: "user", online: true, queues: [] }]);
    return undefined;
  });
}

beforeEach(() => {
  sockets.length = 0;
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(800);
});

describe("/chats", () => {
  it("lists the user's chats with their unread counts, and edit and delete on her own chats only", async () => {
    signedIn();
    renderApp("/chats");
    const list = within(await screen.findByRole("list", { name: "Conversas" }, SLOW));
    expect(await list.findByText("Escala de sábado")).toBeInTheDocument();
    expect(list.getByText("Reunião geral")).toBeInTheDocument();
    expect(list.getByRole("status", { name: "2 mensagens não lidas" })).toBeInTheDocument();
    expect(list.getByRole("button", { name: "Editar: Escala de sábado" })).toBeInTheDocument();
    expect(list.getByRole("button", { name: "Excluir: Escala de sábado" })).toBeInTheDocument();
    expect(list.queryByRole("button", { name: "Editar: Reunião geral" })).not.toBeInTheDocument();
    expect(list.queryByRole("button", { name: "Excluir: Reunião geral" })).not.toBeInTheDocument();
    expect(screen.getByText("Selecione uma conversa ou crie uma nova.")).toBeInTheDocument();
  });

  it("opens a chat: its unread count is cleared, its messages show with their senders, Enter sends and Shift+Enter breaks the line", async () => {
    const { calls } = signedIn();
    renderApp(`/chats/${own.uuid}`);
    const pane = within(await screen.findByRole("log", { name: "Mensagens de Escala de sábado" }, SLOW));
    expect(await pane.findByText("Quem fica no sábado?")).toBeInTheDocument();
    expect(pane.getByText("Bruno Lima")).toBeInTheDocument();
    expect(pane.getByText("Ana Souza")).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === "POST" && call.path === "/chats/1/read")).toHaveLength(1));
    const list = within(screen.getByRole("list", { name: "Conversas" }));
    await waitFor(() => expect(list.queryByRole("status", { name: /não lidas/ })).not.toBeInTheDocument());

    const user = userEvent.setup();
    const composer = screen.getByRole("textbox", { name: "Mensagem" });
    await user.type(composer, "Primeira linha{Shift>}{Enter}{/Shift}segunda");
    expect(calls.some((call) => call.method === "POST" && call.path === "/chats/1/messages")).toBe(false);
    await user.keyboard("{Enter}");
    await waitFor(() => expect(calls.filter((call) => call.method === "POST" && call.path === "/chats/1/messages").map((call) => call.body)).toEqual([{ message: "Primeira linha\nsegunda" }]));
    expect(await pane.findByText("Primeira linha segunda", { normalizer: (text) => text.replace(/\s+/g, " ") })).toBeInTheDocument();
    await waitFor(() => expect(composer).toHaveValue(""));
  });

  it("shows a message that arrives live, and marks the open chat read again", async () => {
    const { calls } = signedIn();
    renderApp(`/chats/${own.uuid}`);
    const pane = within(await screen.findByRole("log", { name: "Mensagens de Escala de sábado" }, SLOW));
    await pane.findByText("Quem fica no sábado?");
    await waitFor(() => expect(calls.filter((call) => call.path === "/chats/1/read")).toHaveLength(1));
    const socket = sockets.at(-1)!;
    act(() =>
      socket.receive("company-3-chat", {
        action: "new-message",
        newMessage: messageOf(20, 1, 8, "Chegou agora"),
        chat: { ...own, lastMessage: "Chegou agora", updatedAt: "2026-03-02T10:00:00.000Z" },
      }),
    );
    expect(await pane.findByText("Chegou agora")).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.path === "/chats/1/read")).toHaveLength(2));
  });

  it("asks for a title and a user before creating a chat, then opens it", async () => {
    const created: Chat = chatOf(5, { title: "Plantão" });
    const { calls } = signedIn({ extra: (call) => (call.path === "/chats" && call.method === "POST" ? jsonResponse(created) : call.path === `/chats/${created.uuid}` ? jsonResponse(created) : undefined) });
    const { router } = renderApp("/chats");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Nova conversa" }, SLOW));
    const dialog = within(await screen.findByRole("dialog", { name: "Nova conversa" }));
    await user.click(dialog.getByRole("button", { name: "Criar" }));
    expect(await dialog.findByText("Por favor, preencha o título da conversa.")).toBeInTheDocument();
    expect(dialog.getByText("Por favor, selecione pelo menos um usuário.")).toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST" && call.path === "/chats")).toBe(false);

    await user.type(dialog.getByRole("textbox", { name: "Título" }), "Plantão");
    await user.click(dialog.getByRole("combobox", { name: "Usuários" }));
    // The user herself is not offered: she is a member as the owner.
    expect(screen.queryByRole("option", { name: "Ana Souza" })).not.toBeInTheDocument();
    await user.click(await screen.findByRole("option", { name: "Bruno Lima" }));
    await user.click(dialog.getByRole("button", { name: "Criar" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST" && call.path === "/chats").map((call) => call.body)).toEqual([{ title: "Plantão", users: [8] }]));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chats/${created.uuid}`));
  });

  it("keeps failures silent: no toast when the chat cannot be read, back to the list", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    signedIn({ extra: (call) => (call.path === "/chats/00000000-0000-4000-8000-000000000099" ? errorResponse(404, "ERR_NO_CHAT_FOUND") : undefined) });
    const { router } = renderApp("/chats/00000000-0000-4000-8000-000000000099");
    await waitFor(() => expect(router.state.location.pathname).toBe("/chats"), SLOW);
    expect(screen.queryByText("Nenhuma conversa encontrada com este ID.")).not.toBeInTheDocument();
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });

  it("shows the tabs Chats and Mensagens on a narrow screen, the messages of the chat opened", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    try {
      signedIn();
      renderApp(`/chats/${own.uuid}`);
      const messagesTab = await screen.findByRole("tab", { name: "Mensagens" }, SLOW);
      expect(messagesTab).toHaveAttribute("aria-selected", "true");
      expect(await screen.findByText("Quem fica no sábado?")).toBeVisible();
      await userEvent.setup().click(screen.getByRole("tab", { name: "Chats" }));
      expect(await screen.findByRole("list", { name: "Conversas" })).toBeVisible();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("is refused when the plan has no internal chat", async () => {
    signedIn({ plan: companyPlan({ useInternalChat: false }) });
    const { router } = renderApp("/chats");
    expect(await screen.findByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.", undefined, SLOW)).toBeInTheDocument();
    // Sent to / (which takes a user-profile account on to /tickets).
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/(tickets)?$/), SLOW);
    expect(screen.queryByRole("button", { name: /Chat interno/ })).not.toBeInTheDocument();
  });
});
