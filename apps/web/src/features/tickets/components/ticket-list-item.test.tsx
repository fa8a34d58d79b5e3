import { act, render, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { makeTicket } from "../test/ticket-fixture.ts";
import { TicketListItem } from "./ticket-list-item.tsx";

function renderItem(ticket: ReturnType<typeof makeTicket>) {
  const { container } = render(
    <div>
      <TicketListItem
        ticket={ticket}
        now={new Date("2025-05-01T10:05:00.000Z")}
        isSelected={false}
        isNarrow={false}
        truncateLastMessage={false}
        canSpy
        isAccepting={false}
        onOpen={vi.fn()}
        onAccept={vi.fn()}
        onPeek={vi.fn()}
      />
    </div>,
  );
  const row = container.querySelector<HTMLElement>(`[data-ticket-id="${ticket.id}"]`);
  if (!row) throw new Error("row not rendered");
  return row;
}

describe("TicketListItem", () => {
  it("shows a pending ticket distribution reserved for someone as reserved for them, not as theirs", () => {
    const row = renderItem(makeTicket({ status: "pending", userId: 9, user: { id: 9, name: "Bruno Lima" } }));
    expect(within(row).getByTestId("ticket-reserved")).toHaveTextContent("Reservado para Bruno Lima");
    expect(within(row).queryByText("Bruno Lima")).not.toBeInTheDocument();
  });

  it("names the attendant of a taken ticket without any reservation label", () => {
    const row = renderItem(makeTicket({ status: "open", userId: 9, user: { id: 9, name: "Bruno Lima" } }));
    expect(within(row).getByText("Bruno Lima")).toBeInTheDocument();
    expect(within(row).queryByTestId("ticket-reserved")).not.toBeInTheDocument();
  });

  it("shows no reservation on a waiting ticket nobody holds", () => {
    const row = renderItem(makeTicket({ status: "pending", userId: null, user: null }));
    expect(within(row).queryByTestId("ticket-reserved")).not.toBeInTheDocument();
  });

  it("says it in the user's language", async () => {
    for (const [language, text] of [
      ["en", "Reserved for Bruno Lima"],
      ["es", "Reservado para Bruno Lima"],
    ] as const) {
      await act(() => i18n.changeLanguage(language));
      try {
        const row = renderItem(makeTicket({ id: language === "en" ? 2 : 3, status: "pending", userId: 9, user: { id: 9, name: "Bruno Lima" } }));
        expect(within(row).getByTestId("ticket-reserved")).toHaveTextContent(text);
      } finally {
        await act(() => i18n.changeLanguage("pt-BR"));
      }
    }
  });
});
