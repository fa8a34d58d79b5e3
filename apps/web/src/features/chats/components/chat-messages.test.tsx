import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { chatOf, messageOf } from "../testing/fixtures.ts";
import { ChatMessages } from "./chat-messages.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

/** Each message 100 px tall, in a pane 500 px high. */
function measure() {
  vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockImplementation(function (this: HTMLElement) {
    return this.querySelectorAll("[data-message-id]").length * 100;
  });
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(500);
}

describe("ChatMessages", () => {
  it("loads older messages within 600 px of the top, keeping the message the user was reading in place", async () => {
    measure();
    localStorage.setItem("token", "access-1");
    const newest = Array.from({ length: 20 }, (_, i) => messageOf(i + 6, 1, i % 2 ? 7 : 8, `mensagem ${i + 6}`));
    const oldest = Array.from({ length: 5 }, (_, i) => messageOf(i + 1, 1, 8, `mensagem ${i + 1}`));
    const { calls } = mockFetch((call) => {
      if (call.path !== "/chats/1/messages") return undefined;
      return call.url.searchParams.get("pageNumber") === "1" ? jsonResponse({ records: newest, count: 25, hasMore: true }) : jsonResponse({ records: oldest, count: 25, hasMore: false });
    });
    renderWithProviders(<ChatMessages chat={chatOf(1)} userId={7} />);
    const log = await screen.findByRole("log", { name: "Mensagens de Conversa 1" });
    await screen.findByText("mensagem 25");
    const pageTwo = () => calls.filter((call) => call.url.searchParams.get("pageNumber") === "2");
    // Opened at the bottom: 2,000 px of messages, the last 500 on screen.
    expect(log.scrollTop).toBe(2000);
    expect(pageTwo()).toHaveLength(0);

    log.scrollTop = 601;
    act(() => log.dispatchEvent(new Event("scroll")));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageTwo()).toHaveLength(0);

    log.scrollTop = 600;
    act(() => log.dispatchEvent(new Event("scroll")));
    await screen.findByText("mensagem 1");
    expect(pageTwo()).toHaveLength(1);
    // 500 px were added above: what was at 600 px is still on screen.
    await waitFor(() => expect(log.scrollTop).toBe(1100));
    expect(screen.getAllByRole("heading", { level: 3 }).slice(0, 2).map((heading) => heading.textContent)).toEqual(["Bruno Lima", "Bruno Lima"]);
  });
});
