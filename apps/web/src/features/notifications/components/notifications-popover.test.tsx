import type { Ticket } from "@conversa/shared";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../../app/providers.tsx";
import { SocketProvider } from "../../../lib/socket-provider.tsx";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { createMemoryRouter, RouterProvider } from "react-router";
import { NotificationsPopover } from "./notifications-popover.tsx";

const { sockets, beeps } = vi.hoisted(() => ({ sockets: [] as FakeSocket[], beeps: [] as number[] }));

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

vi.mock("../utils/beep.ts", () => ({
  playBeep: (volume: number) => beeps.push(volume),
  unlockAudio: () => undefined,
}));

const SLOW = { timeout: 20_000 };
const user = sessionUser({ profile: "user", queues: [{ id: 1, name: "Vendas", color: "#7c4dff" }] });

function ticket(id: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id,
    uuid: `uuid-${id}`,
    status: "open",
    contactId: id,
    contact: { id, name: `Cliente ${id}`, number: `55${id}`, email: "", profilePicUrl: null, isGroup: false },
    userId: 7,
    user: { id: 7, name: "Ana Souza" },
    queueId: 1,
    queue: { id: 1, name: "Vendas", color: "#7c4dff" },
    whatsappId: null,
    whatsapp: null,
    tags: [],
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    integrationId: null,
    promptId: null,
    botSummary: null,
    awaitingRating: false,
    lastMessage: "Oi",
    unreadMessages: 1,
    createdAt: "2025-05-01T10:00:00.000Z",
    updatedAt: `2025-05-01T10:${String(id).padStart(2, "0")}:00.000Z`,
    ...overrides,
  };
}

function renderBell(path = "/tickets") {
  const router = createMemoryRouter(
    [
      {
        path: "*",
        element: (
          <SocketProvider session={{ companyId: 3, userId: 7 }}>
            <NotificationsPopover user={user} />
          </SocketProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  sockets.length = 0;
  beeps.length = 0;
  document.title = "Conversa";
  localStorage.setItem("volume", "0.4");
});

describe("NotificationsPopover", () => {
  it("shows WhatsApp-formatted texts without their markers, in the list and in the browser notification", async () => {
    const shown: { title: string; body: string }[] = [];
    vi.stubGlobal(
      "Notification",
      class {
        static permission = "granted";
        onclick: (() => void) | null = null;
        constructor(title: string, options: { body: string }) {
          shown.push({ title, body: options.body });
        }
        close() {}
      },
    );
    try {
      mockFetch((call) =>
        call.path === "/tickets" && call.url.searchParams.get("status") === "open"
          ? jsonResponse({ tickets: [ticket(1, { lastMessage: "*Ana Souza*: _Bom dia_ ~ontem~" })], count: 1, hasMore: false })
          : call.path === "/tickets"
            ? jsonResponse({ tickets: [], count: 0, hasMore: false })
            : undefined,
      );
      renderBell("/");
      await userEvent.setup({ delay: null }).click(await screen.findByRole("button", { name: "Notificações (1)" }, SLOW));
      const popover = await screen.findByRole("dialog", { name: "Notificações" }, SLOW);
      expect(within(popover).getByText("Ana Souza: Bom dia ontem")).toBeInTheDocument();

      const socket = sockets.at(-1);
      if (!socket) throw new Error("no socket");
      socket.receive("company-3-appMessage", {
        action: "create",
        message: { id: 9, ticketId: 2, body: "*Pedido* ```1234``` _pronto_", fromMe: false, mediaType: "chat" },
        ticket: ticket(2),
      });
      await waitFor(() => expect(shown).toEqual([{ title: expect.any(String), body: "Pedido 1234 pronto" }]), SLOW);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("lists the user's unread tickets, shows the count in the title and opens a ticket", async () => {
    const { calls } = mockFetch((call) => {
      if (call.path !== "/tickets") return undefined;
      const status = call.url.searchParams.get("status");
      const tickets = status === "open" ? [ticket(1), ticket(2, { userId: 8 })] : [ticket(3, { status: "pending", userId: null, user: null })];
      return jsonResponse({ tickets, count: tickets.length, hasMore: false });
    });
    const router = renderBell("/");
    const events = userEvent.setup({ delay: null });

    const bell = await screen.findByRole("button", { name: "Notificações (2)" }, SLOW);
    await waitFor(() => expect(document.title).toBe("(2) Conversa"));
    const open = calls.find((call) => call.url.searchParams.get("status") === "open");
    expect(open?.url.searchParams.get("users")).toBe("[7]");
    expect(open?.url.searchParams.get("withUnreadMessages")).toBe("true");

    await events.click(bell);
    const popover = await screen.findByRole("dialog", { name: "Notificações" }, SLOW);
    expect(within(popover).getByText("Cliente 3")).toBeInTheDocument();
    expect(within(popover).queryByText("Cliente 2")).not.toBeInTheDocument();
    await events.click(within(popover).getByText("Cliente 1"));
    expect(router.state.location.pathname).toBe("/tickets/uuid-1");
  });

  it("beeps at the stored volume for a customer's message on a ticket the user is not looking at", async () => {
    mockFetch((call) => (call.path === "/tickets" ? jsonResponse({ tickets: [], count: 0, hasMore: false }) : undefined));
    renderBell("/tickets/uuid-5");
    await screen.findByRole("button", { name: "Notificações (0)" }, SLOW);
    const socket = sockets.at(-1);
    if (!socket) throw new Error("no socket");
    const message = (id: number, fromMe = false) => ({ id, ticketId: id, body: "Olá", fromMe, mediaType: "chat" });

    socket.receive("company-3-appMessage", { action: "create", message: message(5), ticket: ticket(5, { status: "pending", userId: null }) });
    socket.receive("company-3-appMessage", { action: "create", message: message(6, true), ticket: ticket(6, { unreadMessages: 0 }) });
    socket.receive("company-3-appMessage", { action: "create", message: message(4), ticket: ticket(4, { status: "pending", userId: null }) });

    expect(await screen.findByRole("button", { name: "Notificações (2)" }, SLOW)).toBeInTheDocument();
    expect(beeps).toEqual([0.4]);
    await waitFor(() => expect(document.title).toBe("(2) Conversa"));

    socket.receive("company-3-ticket", { action: "updateUnread", ticketId: 4 });
    expect(await screen.findByRole("button", { name: "Notificações (1)" }, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("(1) Conversa"));
  });
});
