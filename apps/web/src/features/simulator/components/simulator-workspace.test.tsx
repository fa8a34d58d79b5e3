import type { SimulatorChat, SimulatorConnection, SimulatorMessage } from "@conversa/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { renderApp } from "../../../test/render-app.tsx";

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

/** A signed-in user of the company (an admin unless told), the simulator's calls answered by `handler`. */
function signedIn(handler: (call: FetchCall) => Response | undefined, profile: "admin" | "supervisor" | "user" = "admin", isSuper = false) {
  const user = sessionUser({ profile, super: isSuper });
  localStorage.setItem("token", "access-1");
  localStorage.setItem("userId", String(user.id));
  localStorage.setItem("companyId", String(user.companyId));
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(user);
    return handler(call);
  });
}

const simulatorCalls = (calls: FetchCall[]) => calls.filter((call) => call.path.startsWith("/simulator/"));

afterEach(() => {
  vi.useRealTimers();
  sockets.length = 0;
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The page's realtime connection, once the server accepted it. */
async function connectedSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(sockets.at(-1)).toBeDefined());
  const socket = sockets.at(-1) as FakeSocket;
  act(() => socket.acceptConnection());
  return socket;
}

describe("/simulator", () => {
  it("is private: a visitor goes to /login and the simulator is never called", async () => {
    const { calls } = mockFetch(() => undefined);
    const { router } = renderApp("/simulator");

    expect(await screen.findByRole("button", { name: "Entrar" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(simulatorCalls(calls)).toEqual([]);
  });

  it("shows an admin the QR code and scans it with the number typed, every call with the session's token", async () => {
    const user = userEvent.setup();
    const { calls } = signedIn((call) => {
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
    expect(simulatorCalls(calls).map((call) => call.headers.get("Authorization"))).toEqual(simulatorCalls(calls).map(() => "Bearer access-1"));
    expect(screen.getByRole("button", { name: "Derrubar a rede" })).toBeInTheDocument();
  });

  it("offers an admin a new QR code once the last one expired (TIMEOUT), and asks the server for it", async () => {
    const user = userEvent.setup();
    const { calls } = signedIn((call) => {
      if (call.path === "/simulator/connections") return jsonResponse([connection({ status: "TIMEOUT", qrcode: null })]);
      if (call.path === "/simulator/connections/5/chats") return jsonResponse([]);
      if (call.path === "/whatsappsession/5" && call.method === "PUT") return jsonResponse({ message: "Starting session." });
      return undefined;
    });
    renderApp("/simulator");

    expect(await screen.findByText("O QR Code expirou sem leitura (ele dura cerca de 2 minutos).")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Novo QR Code" }));

    await waitFor(() => expect(calls.some((call) => call.method === "PUT" && call.path === "/whatsappsession/5")).toBe(true));
  });

  it.each(["user", "supervisor"] as const)("sends a %s-profile account to / after an error toast, without showing the page or calling the simulator", async (profile) => {
    const { calls } = signedIn((call) => {
      if (call.path === "/simulator/connections") return jsonResponse([connection({ qrcode: null })]);
      if (call.path === "/simulator/connections/5/chats") return jsonResponse([]);
      return undefined;
    }, profile);
    const { router } = renderApp("/simulator");

    expect(await screen.findByText("Você não tem permissão para acessar esta página! Estamos lhe redirecionando.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/simulator");
    expect(screen.queryByRole("heading", { name: "Simulador de WhatsApp" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Número do cliente")).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).not.toBe("/simulator"), { timeout: 20_000 });
    expect(simulatorCalls(calls)).toEqual([]);
  });

  it("lets a super user of the company in whatever their profile, the phone's controls included", async () => {
    signedIn(
      (call) => {
        if (call.path === "/simulator/connections") return jsonResponse([connection()]);
        if (call.path === "/simulator/connections/5/chats") return jsonResponse([]);
        return undefined;
      },
      "user",
      true,
    );
    renderApp("/simulator");

    expect(await screen.findByText("SIMULATOR:5:abc")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Derrubar a rede" })).toBeInTheDocument();
    expect(screen.getByLabelText("Número do cliente")).toBeInTheDocument();
  });

  it("shows a picture the company sent from an object URL fetched with the token, never from the media path itself", async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => "blob:simulator-picture");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const picture = message({
      id: 9,
      wid: "W9",
      direction: "out",
      kind: "image",
      media: { mimetype: "image/png", filename: "catalogo.png", size: 8, voice: false, url: "/simulator/media/9" },
    });
    const chat: SimulatorChat = { number: "5511911112222", name: "Maria", isGroup: false, lastMessage: picture };
    const { calls } = signedIn((call) => {
      if (call.path === "/simulator/connections") return jsonResponse([connection({ status: "CONNECTED", qrcode: null })]);
      if (call.path === "/simulator/connections/5/chats") return jsonResponse([chat]);
      if (call.path === "/simulator/connections/5/chats/5511911112222/messages") return jsonResponse({ messages: [picture], count: 1, hasMore: false });
      if (call.path === "/simulator/media/9") return new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }));
      return undefined;
    });
    renderApp("/simulator");

    await user.click(await screen.findByRole("button", { name: /Maria \(5511911112222\)/ }));

    const image = await screen.findByRole("img", { name: "catalogo.png" });
    expect(image).toHaveAttribute("src", "blob:simulator-picture");
    expect(calls.find((call) => call.path === "/simulator/media/9")?.headers.get("Authorization")).toBe("Bearer access-1");
  });

  it("opens a conversation from the list with ticks and deleted marks, and marks it read", async () => {
    const user = userEvent.setup();
    const thread = [
      message({ id: 1, wid: "W1", body: "Oi", ack: 3 }),
      message({ id: 2, wid: "W2", direction: "out", body: "Olá Maria!", ack: 2 }),
      message({ id: 3, wid: "W3", direction: "out", body: "engano", ack: 1, isDeleted: true }),
    ];
    const chat: SimulatorChat = { number: "5511911112222", name: "Maria", isGroup: false, lastMessage: thread[2] ?? message({}) };
    const { calls } = signedIn((call) => {
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

  it("polls nothing while the realtime connection is up, and reads a conversation again when its event arrives", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const thread = [message({ id: 1, wid: "W1", body: "Oi" })];
    const chats: SimulatorChat[] = [{ number: "5511911112222", name: "Maria", isGroup: false, lastMessage: thread[0] ?? message({}) }];
    const { calls } = signedIn((call) => {
      if (call.path === "/simulator/connections") return jsonResponse([connection({ status: "CONNECTED", qrcode: null })]);
      if (call.path === "/simulator/connections/5/chats") return jsonResponse(chats);
      if (call.path === "/simulator/connections/5/chats/5511911112222/messages") return jsonResponse({ messages: thread, count: thread.length, hasMore: false });
      return undefined;
    });
    renderApp("/simulator");
    const socket = await connectedSocket();
    await user.click(await screen.findByRole("button", { name: /Maria \(5511911112222\)/ }));
    const list = await screen.findByRole("list", { name: "Conversa com Maria" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));

    const before = simulatorCalls(calls).length;
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(simulatorCalls(calls)).toHaveLength(before);

    // The company answers: the server names the conversation, the page reads it (and the chats list) again, once.
    const reply = message({ id: 2, wid: "W2", direction: "out", body: "Olá Maria!", ack: 1 });
    thread.push(reply);
    chats[0] = { ...chats[0]!, lastMessage: reply };
    act(() => {
      socket.receive("company-3-simulator", { action: "chat", connectionId: 5, number: "5511911112222" });
      socket.receive("company-3-simulator", { action: "chat", connectionId: 5, number: "5511911112222" });
    });
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(within(list).getByText("Olá Maria!")).toBeInTheDocument();
    const after = simulatorCalls(calls).slice(before).map((call) => call.path);
    expect(after.sort()).toEqual(["/simulator/connections/5/chats", "/simulator/connections/5/chats/5511911112222/messages"]);
  });

  it("reads the connection again when its event arrives (the QR code was scanned), and everything again after a reconnection", async () => {
    let status: SimulatorConnection["status"] = "qrcode";
    const { calls } = signedIn((call) => {
      if (call.path === "/simulator/connections") return jsonResponse([connection(status === "qrcode" ? {} : { status, qrcode: null, number: "5511900001111" })]);
      if (call.path === "/simulator/connections/5/chats") return jsonResponse([]);
      return undefined;
    });
    renderApp("/simulator");
    const socket = await connectedSocket();
    expect(await screen.findByText("SIMULATOR:5:abc")).toBeInTheDocument();

    status = "CONNECTED";
    act(() => socket.receive("company-3-simulator", { action: "connection", connectionId: 5 }));
    await waitFor(() => expect(screen.queryByText("SIMULATOR:5:abc")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Derrubar a rede" })).toBeInTheDocument();

    // Another company's event name, or a payload that is not the simulator's, is ignored.
    const before = simulatorCalls(calls).length;
    act(() => {
      socket.receive("company-2-simulator", { action: "connection", connectionId: 5 });
      socket.receive("company-3-simulator", { action: "connection" });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(simulatorCalls(calls)).toHaveLength(before);

    act(() => socket.dropConnection());
    act(() => socket.acceptConnection());
    await waitFor(() => expect(simulatorCalls(calls).slice(before).map((call) => call.path).sort()).toEqual(["/simulator/connections", "/simulator/connections/5/chats"]));
  });

  it("reads the simulator again every 10 s only while the realtime connection is lost", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = signedIn((call) => {
      if (call.path === "/simulator/connections") return jsonResponse([connection({ status: "CONNECTED", qrcode: null })]);
      if (call.path === "/simulator/connections/5/chats") return jsonResponse([]);
      return undefined;
    });
    renderApp("/simulator");
    const socket = await connectedSocket();
    expect(await screen.findByRole("button", { name: "Derrubar a rede" })).toBeInTheDocument();
    const reads = () => simulatorCalls(calls).filter((call) => call.path === "/simulator/connections").length;

    act(() => socket.dropConnection());
    const lost = reads();
    await act(() => vi.advanceTimersByTimeAsync(10_500));
    await waitFor(() => expect(reads()).toBe(lost + 1));

    act(() => socket.acceptConnection());
    await waitFor(() => expect(reads()).toBe(lost + 2));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(reads()).toBe(lost + 2);
  });

  it("says how to get a simulator connection when there is none", async () => {
    signedIn((call) => (call.path === "/simulator/connections" ? jsonResponse([]) : undefined));
    renderApp("/simulator");
    expect(await screen.findByText(/Nenhuma conexão do simulador/)).toBeInTheDocument();
  });
});
