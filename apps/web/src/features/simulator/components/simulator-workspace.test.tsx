import type { SimulatorChat, SimulatorConnection, SimulatorMessage } from "@conversa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderApp } from "../../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

function connection(overrides: Partial<SimulatorConnection> = {}): SimulatorConnection {
  return {
    id: 5,
    companyId: 1,
    companyName: "Conversa Demo",
    name: "Simulador",
    status: "qrcode",
    qrcode: "SIMULATOR:5:abc",
    retries: 0,
    number: null,
    isRunning: true,
    refuseSends: false,
    updatedAt: "2025-01-01T12:00:00.000Z",
    ...overrides,
  };
}

function message(overrides: Partial<SimulatorMessage>): SimulatorMessage {
  return {
    id: 1,
    wid: "W1",
    direction: "in",
    number: "5511911112222",
    name: "Maria",
    isGroup: false,
    participant: null,
    kind: "chat",
    body: "",
    media: null,
    location: null,
    vcard: null,
    call: null,
    rawType: null,
    quotedWid: null,
    ack: 2,
    isDeleted: false,
    createdAt: "2025-01-01T12:00:00.000Z",
    ...overrides,
  };
}

describe("/simulator", () => {
  it("is public: shows the QR code and scans it with the number typed", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.path === "/simulator/connections") return jsonResponse([connection()]);
      if (call.path === "/simulator/connections/5/chats") return jsonResponse([]);
      if (call.path === "/simulator/connections/5/scan") return jsonResponse(connection({ status: "PAIRING", qrcode: null }));
      return undefined;
    });
    renderApp("/simulator");

    expect(await screen.findByRole("heading", { name: "Simulador de WhatsApp" })).toBeInTheDocument();
    expect(await screen.findByText("SIMULATOR:5:abc")).toBeInTheDocument();
    expect(screen.getByText("Aguardando a leitura do QR Code")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Número do celular que lê o QR Code"), "5511900001111");
    await user.click(screen.getByRole("button", { name: "Ler com este número" }));

    await waitFor(() => expect(calls.find((c) => c.path === "/simulator/connections/5/scan")?.body).toEqual({ qrcode: "SIMULATOR:5:abc", number: "5511900001111" }));
    expect(calls.some((c) => c.path === "/auth/me")).toBe(false);
  });

  it("opens a conversation from the list with ticks and deleted marks, and marks it read", async () => {
    const user = userEvent.setup();
    const thread = [
      message({ id: 1, wid: "W1", body: "Oi", ack: 3 }),
      message({ id: 2, wid: "W2", direction: "out", body: "Olá Maria!", ack: 2 }),
      message({ id: 3, wid: "W3", direction: "out", body: "engano", ack: 1, isDeleted: true }),
    ];
    const chat: SimulatorChat = { number: "5511911112222", name: "Maria", isGroup: false, lastMessage: thread[2] ?? message({}) };
    const { calls } = mockFetch((call) => {
      if (call.path === "/simulator/connections") return jsonResponse([connection({ status: "CONNECTED", qrcode: null, number: "5511900001111" })]);
      if (call.path === "/simulator/connections/5/chats") return jsonResponse([chat]);
      if (call.path === "/simulator/connections/5/chats/5511911112222/messages") return jsonResponse({ messages: thread, count: 3, hasMore: false });
      if (call.path === "/simulator/connections/5/chats/5511911112222/read") return jsonResponse({ read: 1 });
      return undefined;
    });
    renderApp("/simulator");

    await user.click(await screen.findByRole("button", { name: /Maria \(5511911112222\)/ }));

    const list = await screen.findByRole("list", { name: "Conversa com Maria" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(3));
    const [first, second, third] = within(list).getAllByRole("listitem");
    expect(first).toHaveAccessibleName("Cliente");
    expect(within(first as HTMLElement).getByRole("img", { name: "Lida" })).toBeInTheDocument();
    expect(within(second as HTMLElement).getByRole("img", { name: "Entregue" })).toBeInTheDocument();
    expect(within(third as HTMLElement).getByText("Mensagem apagada")).toBeInTheDocument();
    expect(screen.getByLabelText("Número do cliente")).toHaveValue("5511911112222");

    await user.click(screen.getByRole("button", { name: "Marcar como lida" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST" && c.path === "/simulator/connections/5/chats/5511911112222/read")).toBe(true));
  });

  it("says how to get a simulator connection when there is none", async () => {
    mockFetch((call) => (call.path === "/simulator/connections" ? jsonResponse([]) : undefined));
    renderApp("/simulator");
    expect(await screen.findByText(/Nenhuma conexão do simulador/)).toBeInTheDocument();
  });
});
