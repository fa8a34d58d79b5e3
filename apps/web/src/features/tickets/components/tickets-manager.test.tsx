import type { Ticket } from "@conversa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { errorResponse, type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { renderManager } from "../test/render-manager.tsx";
import { makeTicket } from "../test/ticket-fixture.ts";

const { sockets } = vi.hoisted(() => ({ sockets: [] as FakeSocket[] }));

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return {
    io: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  };
});

const SLOW = { timeout: 20_000 };
const attendant = sessionUser({ profile: "user", queues: [{ id: 1, name: "Vendas", color: "#7c4dff" }] });

function page(tickets: Ticket[]) {
  return jsonResponse({ tickets, count: tickets.length, hasMore: false });
}

function serveTickets(lists: Partial<Record<"open" | "pending" | "closed" | "search", Ticket[]>>, extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.path === "/tickets" && call.method === "GET") {
      const status = call.url.searchParams.get("status");
      if (status === "open" || status === "pending" || status === "closed") return page(lists[status] ?? []);
      return page(lists.search ?? []);
    }
    if (call.path === "/tags/list") return jsonResponse([]);
    return extra(call);
  });
}

const listCalls = (calls: FetchCall[]) => calls.filter((call) => call.path === "/tickets" && call.method === "GET");

beforeEach(() => {
  sockets.length = 0;
  // jsdom lays nothing out: give the list's scroll box a height so that the virtualiser renders rows.
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(800);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("TicketsManager", () => {
  it("lists the user's open tickets with the counts of both open sub-tabs", async () => {
    const { calls } = serveTickets({
      open: [makeTicket({ id: 1, unreadMessages: 2, lastMessage: "Bom dia" })],
      pending: [makeTicket({ id: 2, status: "pending", userId: null, user: null }), makeTicket({ id: 3, status: "pending", userId: null, user: null })],
    });
    renderManager(attendant);

    const row = await screen.findByRole("listitem", { name: "Contato 1" }, SLOW);
    expect(within(row).getByText("Bom dia")).toBeInTheDocument();
    expect(within(row).getByText("Vendas")).toBeInTheDocument();
    expect(within(row).getByText("Principal")).toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "Atendendo (1)" }, SLOW)).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Aguardando (2)" })).toBeInTheDocument();
    const assigned = listCalls(calls).find((call) => call.url.searchParams.get("status") === "open");
    expect(assigned?.url.searchParams.get("users")).toBe("[7]");
    expect(assigned?.url.searchParams.get("pageNumber")).toBe("1");
    // Only users holding tickets-manager:showall get the switch; only admins the spy icon.
    expect(screen.queryByRole("switch", { name: "Todos" })).not.toBeInTheDocument();
    expect(within(row).queryByRole("button", { name: /Espiar/ })).not.toBeInTheDocument();
  });

  it("gives admins the show-all switch (on) and the spy icon", async () => {
    const { calls } = serveTickets({ open: [makeTicket({ id: 1, userId: 9, user: { id: 9, name: "Bruno" } })] }, (call) =>
      call.path === "/queue" ? jsonResponse([]) : undefined,
    );
    renderManager(sessionUser({ profile: "admin" }));

    const row = await screen.findByRole("listitem", { name: "Contato 1" }, SLOW);
    expect(within(row).getByRole("button", { name: "Espiar a conversa de Contato 1" })).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Todos" })).toBeChecked();
    const assigned = listCalls(calls).find((call) => call.url.searchParams.get("status") === "open");
    expect(assigned?.url.searchParams.get("showAll")).toBe("true");
    expect(assigned?.url.searchParams.has("users")).toBe(false);
  });

  it("switches to the search tab while typing, searches the lowercased text, and returns to open when cleared", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serveTickets({ open: [makeTicket({ id: 1 })], search: [makeTicket({ id: 5, contact: { ...makeTicket().contact, name: "Maria" } })] });
    renderManager(attendant);
    await screen.findByRole("listitem", { name: "Contato 1" }, SLOW);

    await user.type(screen.getByRole("searchbox", { name: "Buscar atendimentos e mensagens" }), "MARia");
    expect(screen.getByRole("tab", { name: "Busca" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("listitem", { name: "Maria" }, SLOW)).toBeInTheDocument();
    const searches = listCalls(calls).filter((call) => call.url.searchParams.has("searchParam"));
    expect(searches.map((call) => call.url.searchParams.get("searchParam"))).toEqual(["maria"]);

    await user.click(screen.getByRole("button", { name: "Limpar a busca" }));
    expect(screen.getByRole("tab", { name: "Abertas" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByRole("listitem", { name: "Contato 1" }, SLOW)).toBeInTheDocument();
  });

  it("does not open a pending ticket on click: Accept takes it and opens it", async () => {
    const user = userEvent.setup({ delay: null });
    const pending = makeTicket({ id: 2, status: "pending", userId: null, user: null });
    const { calls } = serveTickets({ pending: [pending] }, (call) =>
      call.path === "/tickets/2" && call.method === "PUT" ? jsonResponse({ ...pending, status: "open", userId: 7, user: { id: 7, name: "Ana Souza" } }) : undefined,
    );
    const { router } = renderManager(attendant);

    await user.click(await screen.findByRole("tab", { name: "Aguardando (1)" }, SLOW));
    const row = await screen.findByRole("listitem", { name: "Contato 2" }, SLOW);
    await user.click(within(row).getByRole("button", { name: /Atendimento aguardando de Contato 2/ }));
    expect(router.state.location.pathname).toBe("/tickets");
    expect(calls.some((call) => call.method === "PUT")).toBe(false);

    await user.click(within(row).getByRole("button", { name: "Aceitar o atendimento de Contato 2" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets/uuid-2"), SLOW);
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ status: "open" });
    // The accepted ticket moved to "assigned" at once, and the list went there with it.
    expect(screen.getByRole("tab", { name: "Atendendo (1)" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tab", { name: "Aguardando (0)" })).toHaveAttribute("aria-selected", "false");
    await waitFor(() => expect(screen.getByRole("listitem", { name: "Contato 2" })).toHaveAttribute("aria-current", "true"), SLOW);
  });

  it("shows a row's tags in their colours and its last message without WhatsApp markers", async () => {
    serveTickets({
      open: [
        makeTicket({
          id: 1,
          lastMessage: "*Ana Souza*:\n_Seu pedido_ ~não~ saiu ```#123```",
          tags: [
            { id: 4, name: "VIP", color: "#d32f2f" },
            { id: 5, name: "Retorno", color: "#1976d2" },
          ],
        }),
      ],
    });
    renderManager(attendant);

    const row = await screen.findByRole("listitem", { name: "Contato 1" }, SLOW);
    expect(within(row).getByText("Ana Souza: Seu pedido não saiu #123")).toBeInTheDocument();
    expect(row).not.toHaveTextContent("*");
    expect(within(row).getByText("VIP").closest(".MuiChip-root")).toHaveStyle({ backgroundColor: "#d32f2f" });
    expect(within(row).getByText("Retorno")).toBeInTheDocument();
  });

  it("shows on each pending row how long it has waited, kept current", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date("2025-05-01T12:00:00.000Z") });
    serveTickets({
      pending: [
        makeTicket({ id: 2, status: "pending", userId: null, user: null, createdAt: "2025-05-01T09:55:00.000Z", updatedAt: "2025-05-01T11:59:00.000Z" }),
        makeTicket({ id: 3, status: "pending", userId: null, user: null, createdAt: "2025-05-01T11:48:00.000Z", updatedAt: "2025-05-01T11:48:00.000Z" }),
      ],
    });
    renderManager(attendant);

    await userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime }).click(await screen.findByRole("tab", { name: "Aguardando (2)" }, SLOW));
    const first = await screen.findByRole("listitem", { name: "Contato 2" }, SLOW);
    expect(within(first).getByText("Aguardando há 2 h 05 min")).toBeInTheDocument();
    expect(within(screen.getByRole("listitem", { name: "Contato 3" })).getByText("Aguardando há 12 min")).toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => expect(screen.getByRole("listitem", { name: "Contato 3" })).toHaveTextContent("Aguardando há 13 min"), SLOW);
  });

  it("peeks at a ticket's last messages, oldest above, without WhatsApp markers", async () => {
    const user = userEvent.setup({ delay: null });
    const at = `2025-05-01T10:00:00.000Z`;
    const base = { ticketId: 2, fromMe: false, read: true, ack: 0, mediaType: "chat", mediaUrl: null, mediaName: null, isDeleted: false, sendStatus: "sent", sendError: null, sendRetryUntil: null, data: null, participant: null, participantName: null, userId: null, contact: null, quotedMsg: null, updatedAt: at };
    const message = (id: number, body: string, minute: number) => ({ ...base, id, body, createdAt: `2025-05-01T10:${String(minute).padStart(2, "0")}:00.000Z` });
    serveTickets({ open: [makeTicket({ id: 2, userId: 9, user: { id: 9, name: "Bruno" } })] }, (call) => {
      if (call.path === "/queue") return jsonResponse([]);
      if (call.path === "/messages/2") return jsonResponse({ messages: [message(12, "*Última*", 30), message(11, "_Primeira_", 10)], count: 2, hasMore: false, ticket: { id: 2, uuid: "uuid-2", status: "open" } });
      return undefined;
    });
    renderManager(sessionUser({ profile: "admin" }));

    await user.click(await screen.findByRole("button", { name: "Espiar a conversa de Contato 2" }, SLOW));
    const list = await screen.findByRole("list", { name: "Últimas mensagens" }, SLOW);
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual([expect.stringMatching(/^Primeira/), expect.stringMatching(/^Última/)]);
  });

  it("tells an attendant whose Accept lost the race who took the ticket, opens nothing and reads the lists again", async () => {
    const user = userEvent.setup({ delay: null });
    const pending: Ticket[] = [makeTicket({ id: 2, status: "pending", userId: null, user: null })];
    const { calls } = serveTickets({ pending }, (call) => {
      if (call.path !== "/tickets/2" || call.method !== "PUT") return undefined;
      // Carla accepted it a moment earlier: the server refuses, and the ticket is no longer waiting.
      pending.length = 0;
      return errorResponse(409, "ERR_TICKET_ALREADY_ACCEPTED", "taken", { userId: 9, userName: "Carla Colega" });
    });
    const { router } = renderManager(attendant);

    await user.click(await screen.findByRole("tab", { name: "Aguardando (1)" }, SLOW));
    const row = await screen.findByRole("listitem", { name: "Contato 2" }, SLOW);
    const fetched = listCalls(calls).length;
    await user.click(within(row).getByRole("button", { name: "Aceitar o atendimento de Contato 2" }));

    expect(await screen.findByText("Carla Colega já aceitou este atendimento.", undefined, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/tickets");
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Contato 2" })).not.toBeInTheDocument(), SLOW);
    expect(listCalls(calls).length).toBeGreaterThan(fetched);
  });

  it("shows on a search result found by a message's text that message with the match in bold, and opens the conversation at it", async () => {
    const user = userEvent.setup({ delay: null });
    const searchMatch = { messageId: 42, body: "Bom dia! Segue o *ORÇAMENTO* pedido\nna semana passada", createdAt: "2025-05-01T10:00:00.000Z" };
    serveTickets({
      open: [makeTicket({ id: 1 })],
      search: [
        makeTicket({ id: 5, lastMessage: "obrigada", contact: { ...makeTicket().contact, name: "Maria" }, searchMatch }),
        makeTicket({ id: 6, lastMessage: "até logo", contact: { ...makeTicket().contact, name: "Orçamentos Ltda" } }),
      ],
    });
    const { router } = renderManager(attendant);
    await screen.findByRole("listitem", { name: "Contato 1" }, SLOW);

    await user.type(screen.getByRole("searchbox", { name: "Buscar atendimentos e mensagens" }), "orcamento");
    const found = await screen.findByRole("listitem", { name: "Maria" }, SLOW);
    const snippet = within(found).getByTestId("search-match");
    expect(snippet).toHaveTextContent("Bom dia! Segue o ORÇAMENTO pedido na semana passada");
    expect(snippet.querySelector("strong")).toHaveTextContent(/^ORÇAMENTO$/);
    expect(within(found).queryByText("obrigada")).toBeNull();
    // A name match shows the row as usual.
    const byName = screen.getByRole("listitem", { name: "Orçamentos Ltda" });
    expect(within(byName).getByText("até logo")).toBeInTheDocument();
    expect(within(byName).queryByTestId("search-match")).toBeNull();

    await user.click(within(found).getByRole("button", { name: "Abrir o atendimento de Maria" }));
    expect(router.state.location.pathname).toBe("/tickets/uuid-5");
    expect(router.state.location.search).toBe("?message=42");
    await user.click(within(byName).getByRole("button", { name: "Abrir o atendimento de Orçamentos Ltda" }));
    expect(router.state.location.pathname).toBe("/tickets/uuid-6");
    expect(router.state.location.search).toBe("");
  });

  it("opens an open ticket on click", async () => {
    const user = userEvent.setup({ delay: null });
    serveTickets({ open: [makeTicket({ id: 1 })] });
    const { router } = renderManager(attendant);

    await user.click(await screen.findByRole("button", { name: "Abrir o atendimento de Contato 1" }, SLOW));
    expect(router.state.location.pathname).toBe("/tickets/uuid-1");
  });

  it("moves tickets between tabs and to the top from live events, without refetching", async () => {
    const { calls } = serveTickets({
      open: [makeTicket({ id: 1, updatedAt: "2025-05-01T10:05:00.000Z" }), makeTicket({ id: 4, updatedAt: "2025-05-01T10:00:00.000Z" })],
      pending: [],
    });
    renderManager(attendant);
    await screen.findByRole("listitem", { name: "Contato 1" }, SLOW);
    const fetched = listCalls(calls).length;
    const socket = sockets.at(-1);
    if (!socket) throw new Error("no socket");

    // Ticket 1 is returned to the queue: it leaves "assigned" and joins "pending".
    socket.receive("company-3-ticket", { action: "update", ticket: makeTicket({ id: 1, status: "pending", userId: null, user: null }) });
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Contato 1" })).not.toBeInTheDocument(), SLOW);
    expect(screen.getByRole("tab", { name: "Aguardando (1)" })).toBeInTheDocument();

    // A customer writes on ticket 4: it goes to the top with its new last message.
    socket.receive("company-3-appMessage", {
      action: "create",
      message: { id: 50, ticketId: 4, fromMe: false, body: "Chegou?" },
      ticket: makeTicket({ id: 4, lastMessage: "Chegou?", unreadMessages: 1, updatedAt: "2025-05-01T11:00:00.000Z" }),
    });
    await waitFor(() => expect(screen.getByRole("listitem", { name: "Contato 4" })).toHaveTextContent("Chegou?"), SLOW);

    socket.receive("company-3-ticket", { action: "delete", ticketId: 4 });
    await waitFor(() => expect(screen.queryByRole("listitem", { name: "Contato 4" })).not.toBeInTheDocument(), SLOW);
    expect(listCalls(calls)).toHaveLength(fetched);
  });

  it("shows the tickets that arrived while the page was left, as soon as it is shown again", async () => {
    const pending: Ticket[] = [];
    const { calls } = serveTickets({ pending });
    const { router } = renderManager(attendant);
    await userEvent.click(await screen.findByRole("tab", { name: "Aguardando (0)" }, SLOW));
    await screen.findByText("Nenhum atendimento encontrado.", undefined, SLOW);
    const socket = sockets.at(-1);
    if (!socket) throw new Error("no socket");
    socket.acceptConnection();

    await router.navigate("/elsewhere");
    await screen.findByText("Outra página");
    // A customer writes while the list is not shown: the page's rooms are left, no event reaches the list.
    pending.push(makeTicket({ id: 9, status: "pending", userId: null, user: null, lastMessage: "Bom dia" }));
    const fetchedAway = listCalls(calls).length;

    await router.navigate("/tickets");
    await userEvent.click(await screen.findByRole("tab", { name: /^Aguardando/ }, SLOW));
    expect(await screen.findByRole("listitem", { name: "Contato 9" }, SLOW)).toHaveTextContent("Bom dia");
    expect(screen.getByRole("tab", { name: "Aguardando (1)" })).toBeInTheDocument();
    expect(listCalls(calls).length).toBeGreaterThan(fetchedAway);
  });

  it("fetches the lists again when the realtime connection comes back (events were missed meanwhile)", async () => {
    const pending: Ticket[] = [];
    serveTickets({ pending });
    renderManager(attendant);
    await userEvent.click(await screen.findByRole("tab", { name: "Aguardando (0)" }, SLOW));
    const socket = sockets.at(-1);
    if (!socket) throw new Error("no socket");
    socket.acceptConnection();

    socket.disconnect();
    pending.push(makeTicket({ id: 9, status: "pending", userId: null, user: null }));
    socket.acceptConnection();

    await screen.findByRole("listitem", { name: "Contato 9" }, SLOW);
    expect(screen.getByRole("tab", { name: "Aguardando (1)" })).toBeInTheDocument();
  });

  it("joins the realtime rooms of the lists it shows", async () => {
    serveTickets({});
    renderManager(attendant);
    await screen.findByRole("tab", { name: "Atendendo (0)" }, SLOW);
    const socket = sockets.at(-1);
    if (!socket) throw new Error("no socket");
    socket.acceptConnection();
    const joins = socket.emitted.filter((entry) => entry.event === "joinTickets").map((entry) => entry.args[0]);
    expect(joins).toEqual(expect.arrayContaining(["open", "pending"]));
    expect(joins).not.toContain("closed");
  });
});
