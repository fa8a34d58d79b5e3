import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../../../test/fake-socket.ts";
import { type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { ConversationPanel } from "../components/conversation-panel.tsx";
import { message, ticket } from "../testing/fixtures.ts";
import { renderWithApp } from "../testing/render.tsx";

const sockets = vi.hoisted(() => ({ current: null as FakeSocket | null }));

vi.mock("socket.io-client", async () => {
  const { FakeSocket: Fake } = await import("../../../test/fake-socket.ts");
  return {
    io: () => {
      sockets.current = new Fake();
      return sockets.current;
    },
  };
});

const SLOW = { timeout: 20_000 };
const UUID = ticket().uuid;
const COMPANY = 3;

function socket(): FakeSocket {
  if (!sockets.current) throw new Error("no socket");
  return sockets.current;
}

async function renderLivePanel(me = sessionUser(), answer: (call: FetchCall) => Response | Promise<Response> | undefined = () => undefined) {
  const fetches = mockFetch((call) => {
    const custom = answer(call);
    if (custom) return custom;
    if (call.path === "/auth/me") return jsonResponse(me);
    if (call.path === `/tickets/u/${UUID}`) return jsonResponse(ticket());
    if (call.path === "/tags/list") return jsonResponse([]);
    if (call.path === "/messages/5") return jsonResponse({ messages: [message({ id: 2, body: "Bom dia" })], ticket: { id: 5, uuid: UUID, status: "open" }, count: 1, hasMore: false });
    return undefined;
  });
  renderWithApp(<ConversationPanel ticketUuid={UUID} />, `/tickets/${UUID}`, { companyId: COMPANY, userId: 7 });
  await screen.findByText("Bom dia", undefined, SLOW);
  act(() => socket().acceptConnection());
  return fetches;
}

function receive(channel: string, payload: unknown) {
  act(() => socket().receive(`company-${COMPANY}-${channel}`, payload));
}

describe("useConversationLiveUpdates", () => {
  it("joins the ticket's room while the conversation is shown", async () => {
    await renderLivePanel();
    await waitFor(() => expect(socket().emitted).toContainEqual({ event: "joinChatBox", args: [5] }), SLOW);
  });

  it("appends a new message of this conversation and ignores other tickets' messages", async () => {
    await renderLivePanel();
    receive("appMessage", { action: "create", message: message({ id: 3, ticketId: 99, body: "De outro atendimento" }), ticket: { id: 99, contactId: 500, whatsappId: 1 } });
    receive("appMessage", { action: "create", message: message({ id: 4, body: "Chegou agora", createdAt: "2025-03-10T12:05:00.000Z" }) });
    expect(await screen.findByText("Chegou agora", undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText("De outro atendimento")).toBeNull();
  });

  it("marks the conversation read again when a customer message arrives while it is shown", async () => {
    const { calls } = await renderLivePanel();
    const reads = () => calls.filter((call) => call.path === "/messages/5" && call.url.searchParams.get("pageNumber") === "1").length;
    const before = reads();
    receive("appMessage", { action: "create", message: message({ id: 5, body: "Oi de novo", createdAt: "2025-03-10T12:07:00.000Z" }) });
    await waitFor(() => expect(reads()).toBe(before + 1), SLOW);
  });

  it("applies message updates: acks and deletion", async () => {
    await renderLivePanel();
    receive("appMessage", { action: "create", message: message({ id: 6, fromMe: true, userId: 7, ack: 0, body: "Enviando", createdAt: "2025-03-10T12:06:00.000Z" }) });
    const bubble = (await screen.findByText("Enviando", undefined, SLOW)).closest("article");
    expect(bubble?.querySelector('[data-ack-icon="clock"]')).not.toBeNull();
    receive("appMessage", { action: "update", message: message({ id: 6, fromMe: true, userId: 7, ack: 3, body: "Enviando", createdAt: "2025-03-10T12:06:00.000Z" }) });
    await waitFor(() => expect(screen.getByText("Enviando").closest("article")?.querySelector('[data-ack-icon="double"]')).not.toBeNull(), SLOW);
    receive("appMessage", { action: "update", message: message({ id: 6, fromMe: true, userId: 7, ack: 3, isDeleted: true, body: "Enviando", createdAt: "2025-03-10T12:06:00.000Z" }) });
    expect(await screen.findByText("Mensagem apagada", undefined, SLOW)).toBeInTheDocument();
  });

  it("refreshes the header when this ticket changes", async () => {
    await renderLivePanel();
    receive("ticket", { action: "update", ticket: ticket({ id: 77, status: "closed" }) });
    receive("ticket", { action: "update", ticket: ticket({ status: "pending", user: null, userId: null }) });
    expect(await screen.findByText("Aceitar", { selector: "button" }, SLOW)).toBeInTheDocument();
  });

  it("says so and closes the composer when a colleague takes the ticket the attendant is viewing", async () => {
    await renderLivePanel(sessionUser({ profile: "user" }));
    const input = screen.getByLabelText("Mensagem", { selector: "textarea" });
    await waitFor(() => expect(input).toBeEnabled(), SLOW);

    receive("ticket", { action: "update", ticket: ticket({ userId: 9, user: { id: 9, name: "Carla Colega" } }) });

    expect(await screen.findByText("Carla Colega assumiu este atendimento. Você pode acompanhar a conversa, mas não enviar mensagens.", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByLabelText("Mensagem", { selector: "textarea" })).toBeDisabled();
  });

  it("reads the ticket and the newest messages again when the lost connection comes back", async () => {
    const { calls } = await renderLivePanel();
    const reads = (path: string) => calls.filter((call) => call.path === path).length;
    const before = { messages: reads("/messages/5"), ticket: reads(`/tickets/u/${UUID}`) };
    act(() => socket().dropConnection());
    act(() => socket().acceptConnection());
    await waitFor(() => expect(reads("/messages/5")).toBe(before.messages + 1), SLOW);
    await waitFor(() => expect(reads(`/tickets/u/${UUID}`)).toBe(before.ticket + 1), SLOW);
  });

  it("adds a colleague's transfer of this ticket as an activity line, with a notice that can be closed", async () => {
    await renderLivePanel(sessionUser({ id: 7 }));
    const activity = { id: 40, ticketId: 5, kind: "transferred", user: { id: 9, name: "Carla Colega" }, toQueue: { id: 2, name: "Vendas" }, toUser: null, createdAt: "2025-03-10T12:08:00.000Z" };
    receive("ticket", { action: "update", ticket: ticket({ status: "pending", userId: null, user: null }), activity });
    expect(await screen.findByText(/Carla Colega transferiu para a fila Vendas/, undefined, SLOW)).toBeInTheDocument();
    const notice = await screen.findByRole("alert", undefined, SLOW);
    expect(notice).toHaveTextContent("Carla Colega transferiu este atendimento para a fila Vendas.");
    fireEvent.click(within(notice).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByText("Carla Colega transferiu este atendimento para a fila Vendas.")).toBeNull(), SLOW);
  });

  it("adds the user's own activity as a line without a notice", async () => {
    await renderLivePanel(sessionUser({ id: 7 }));
    const activity = { id: 41, ticketId: 5, kind: "resolved", user: { id: 7, name: "Ana" }, toQueue: null, toUser: null, createdAt: "2025-03-10T12:09:00.000Z" };
    receive("ticket", { action: "update", ticket: ticket({ status: "closed" }), activity });
    expect(await screen.findByText(/Ana resolveu o atendimento/, undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/assumiu este atendimento\.|transferiu este atendimento/)).toBeNull();
  });

  it("asks nothing about the ticket when it leaves the user's sight while their own transfer awaits its answer", async () => {
    const vendas = { id: 2, name: "Vendas", color: "#2DDD7F" };
    const suporte = { id: 3, name: "Suporte", color: "#3388DD" };
    let answerTransfer: (response: Response) => void = () => {};
    const { calls } = await renderLivePanel(sessionUser({ id: 7, profile: "user", queues: [vendas] }), (call) => {
      if (call.path === "/queue") return jsonResponse([vendas, suporte].map((queue, index) => ({ ...queue, orderQueue: index, greetingMessage: "", outOfHoursMessage: "" })));
      if (call.path === "/whatsapp/") return jsonResponse([]);
      if (call.method === "PUT" && call.path === "/tickets/5") return new Promise<Response>((resolve) => (answerTransfer = resolve));
      return undefined;
    });
    fireEvent.click(await screen.findByText("Transferir", { selector: "button" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Transferir atendimento" }, SLOW);
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Fila" }));
    fireEvent.click(await screen.findByRole("option", { name: "Suporte" }, SLOW));
    fireEvent.click(within(dialog).getByText("Transferir", { selector: "button" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true), SLOW);
    const asked = calls.length;

    // The server tells the queues that lost the ticket before the transfer's answer reaches this tab.
    receive("ticket", { action: "delete", ticketId: 5 });
    act(() => answerTransfer(jsonResponse(ticket({ status: "pending", userId: null, user: null, queueId: 3, queue: suporte }))));

    expect(await screen.findByText("Atendimento transferido para Suporte.", undefined, SLOW)).toBeInTheDocument();
    expect(await screen.findByText("tickets list", undefined, SLOW)).toBeInTheDocument();
    expect(calls.slice(asked).filter((call) => call.path.includes(UUID) || call.path === "/messages/5")).toEqual([]);
    expect(screen.queryByText("Acesso não permitido")).toBeNull();
  });

  it("reads the ticket again when it is deleted from the user's sight by someone else", async () => {
    const { calls } = await renderLivePanel();
    const reads = () => calls.filter((call) => call.path === `/tickets/u/${UUID}`).length;
    const before = reads();
    receive("ticket", { action: "delete", ticketId: 5 });
    await waitFor(() => expect(reads()).toBe(before + 1), SLOW);
  });
});
