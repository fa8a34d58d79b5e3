import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Chat } from "@conversa/shared";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { chatOf, messageOf } from "../testing/fixtures.ts";
import { ChatsPopover } from "./chats-popover.tsx";

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

function Location() {
  return <output aria-label="location">{useLocation().pathname}</output>;
}

function renderPopover(pages: Chat[][]) {
  const fetched = mockFetch((call) => {
    if (call.path !== "/chats" || call.url.searchParams.get("withUnreadMessages") !== "true") return undefined;
    const page = Number(call.url.searchParams.get("pageNumber"));
    const records = pages[page - 1] ?? [];
    return jsonResponse({ records, count: pages.flat().length, hasMore: page < pages.length });
  });
  renderWithProviders(
    <MemoryRouter initialEntries={["/tickets"]}>
      <Routes>
        <Route path="*" element={<><ChatsPopover userId={7} /><Location /></>} />
      </Routes>
    </MemoryRouter>,
  );
  const socket = sockets.at(-1)!;
  act(() => socket.acceptConnection());
  return { socket, ...fetched };
}

const unread = (id: number, count: number, overrides: Partial<Chat> = {}) => chatOf(id, { title: `Conversa ${id}`, lastMessage: `Última ${id}`, ...overrides }, { 7: count });

describe("ChatsPopover", () => {
  beforeEach(() => {
    sockets.length = 0;
    localStorage.setItem("token", "access-1");
  });

  it("counts the user's unread chats on its badge and lists them; a click opens the chat", async () => {
    renderPopover([[unread(2, 3), unread(1, 1)]]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Chat interno (2 conversas não lidas)" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Chat interno" }));
    expect(dialog.getByText("Última 2")).toBeInTheDocument();
    await user.click(dialog.getByRole("button", { name: "Abrir a conversa Conversa 1: 1 mensagens não lidas" }));
    expect(screen.getByRole("status", { name: "location" })).toHaveTextContent(`/chats/${chatOf(1).uuid}`);
    expect(screen.queryByRole("dialog", { name: "Chat interno" })).not.toBeInTheDocument();
  });

  it("follows the chats live: a new message makes a chat unread, a read clears it", async () => {
    const { socket } = renderPopover([[unread(1, 1)]]);
    await screen.findByRole("button", { name: "Chat interno (1 conversas não lidas)" });

    act(() =>
      socket.receive("company-3-chat", {
        action: "new-message",
        newMessage: messageOf(30, 4, 8, "Novidade"),
        chat: unread(4, 1, { lastMessage: "Novidade", updatedAt: "2026-03-02T10:00:00.000Z" }),
      }),
    );
    await screen.findByRole("button", { name: "Chat interno (2 conversas não lidas)" });
    // The same event twice (the page listens too) counts once.
    act(() =>
      socket.receive("company-3-chat", {
        action: "new-message",
        newMessage: messageOf(30, 4, 8, "Novidade"),
        chat: unread(4, 1, { lastMessage: "Novidade", updatedAt: "2026-03-02T10:00:00.000Z" }),
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Chat interno (2 conversas não lidas)" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Chat interno" }));
    expect(dialog.getAllByRole("button", { name: /^Abrir a conversa/ }).map((row) => row.getAttribute("aria-label"))).toEqual([
      "Abrir a conversa Conversa 4: 1 mensagens não lidas",
      "Abrir a conversa Conversa 1: 1 mensagens não lidas",
    ]);

    act(() => socket.receive("company-3-chat", { action: "update", record: unread(1, 0), chat: unread(1, 0) }));
    await waitFor(() => expect(dialog.queryByRole("button", { name: /Conversa 1/ })).not.toBeInTheDocument());
    act(() => socket.receive("company-3-chat", { action: "delete", id: 4 }));
    expect(await dialog.findByText("Nenhuma conversa não lida.")).toBeInTheDocument();
  });

  it("ignores a message the user wrote herself", async () => {
    const { socket } = renderPopover([[]]);
    await screen.findByRole("button", { name: "Chat interno (0 conversas não lidas)" });
    act(() => socket.receive("company-3-chat", { action: "new-message", newMessage: messageOf(31, 6, 7, "Minha"), chat: unread(6, 0) }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole("button", { name: "Chat interno (0 conversas não lidas)" })).toBeInTheDocument();
  });

  it("loads the next page within 100 px of the bottom", async () => {
    const first = Array.from({ length: 20 }, (_, i) => unread(40 - i, 1));
    // A frame of 400 px holding 2,000 px of rows.
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(400);
    const { calls } = renderPopover([first, [unread(5, 2)]]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Chat interno (21 conversas não lidas)" }));
    const scroll = await screen.findByTestId("chats-popover-scroll");
    scroll.scrollTop = 1000;
    act(() => scroll.dispatchEvent(new Event("scroll")));
    expect(calls.filter((call) => call.url.searchParams.get("pageNumber") === "2")).toHaveLength(0);
    scroll.scrollTop = 1550;
    act(() => scroll.dispatchEvent(new Event("scroll")));
    await waitFor(() => expect(calls.filter((call) => call.url.searchParams.get("pageNumber") === "2")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Abrir a conversa Conversa 5: 2 mensagens não lidas" })).toBeInTheDocument();
  });
});
