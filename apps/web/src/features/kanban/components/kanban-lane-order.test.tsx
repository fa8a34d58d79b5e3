import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { makeTicket } from "../test/ticket-fixture.ts";
import { KanbanBoard } from "./kanban-board.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const novo = { id: 1, name: "Novo", color: "#1976d2", kanban: 1 };
const proposta = { id: 2, name: "Proposta", color: "#ff9800", kanban: 1 };
const fechado = { id: 3, name: "Fechado", color: "#2e7d32", kanban: 1 };

function renderBoard(profile: "admin" | "user", tickets = [makeTicket({ id: 40 })]) {
  let lanes = [novo, proposta, fechado];
  const puts: FetchCall[] = [];
  mockFetch((call) => {
    if (call.method === "GET" && call.path === "/tags/kanban") return jsonResponse({ lista: lanes });
    if (call.method === "PUT" && call.path === "/tags/kanban/order") {
      puts.push(call);
      const { tagIds } = call.body as { tagIds: number[] };
      lanes = tagIds.map((id) => lanes.find((lane) => lane.id === id)!);
      return jsonResponse({ lista: lanes });
    }
    if (call.method === "GET" && call.path === "/ticket/kanban") {
      const isOpen = call.url.searchParams.get("untagged") === "true";
      return jsonResponse(isOpen ? { tickets, count: tickets.length, hasMore: false } : { tickets: [], count: 0, hasMore: false });
    }
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={["/kanban"]}>
      <KanbanBoard user={sessionUser({ profile })} />
    </MemoryRouter>,
  );
  return { puts };
}

const laneNames = () => screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);

describe("KanbanBoard lane order", () => {
  it("lets an admin move a lane left and right, saving the company's order", async () => {
    const { puts } = renderBoard("admin");
    await screen.findByRole("heading", { name: "Proposta" });
    expect(laneNames()).toEqual(["Em aberto", "Novo", "Proposta", "Fechado"]);
    expect(screen.getByRole("button", { name: "Mover a coluna Novo para a esquerda" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Mover a coluna Fechado para a direita" })).toBeDisabled();
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Mover a coluna Proposta para a esquerda" }));
    await waitFor(() => expect(laneNames()).toEqual(["Em aberto", "Proposta", "Novo", "Fechado"]));
    expect(puts.map((call) => call.body)).toEqual([{ tagIds: [2, 1, 3] }]);

    await user.click(screen.getByRole("button", { name: "Mover a coluna Novo para a direita" }));
    await waitFor(() => expect(laneNames()).toEqual(["Em aberto", "Proposta", "Fechado", "Novo"]));
    expect(puts.map((call) => call.body)).toEqual([{ tagIds: [2, 1, 3] }, { tagIds: [2, 3, 1] }]);
  });

  it("shows an attendant the company's order without the arrows", async () => {
    renderBoard("user");
    await screen.findByRole("heading", { name: "Proposta" });
    expect(laneNames()).toEqual(["Em aberto", "Novo", "Proposta", "Fechado"]);
    expect(screen.queryByRole("button", { name: /Mover a coluna/ })).not.toBeInTheDocument();
  });
});

describe("KanbanBoard cards", () => {
  it("show the attendant, the tags and the last message without WhatsApp's markers", async () => {
    const ticket = makeTicket({
      id: 41,
      user: { id: 8, name: "Bruno Lima" },
      userId: 8,
      tags: [
        { id: 9, name: "VIP", color: "#ff9800" },
        { id: 10, name: "Atrasado", color: "#d32f2f" },
      ],
      lastMessage: "*Pedido* _confirmado_, ~cancelado~ código ```A1B2```",
    });
    const unassigned = makeTicket({ id: 42, user: null, userId: null, tags: [], lastMessage: "Olá" });
    renderBoard("user", [ticket, unassigned]);
    const card = (await screen.findByText("Atendente: Bruno Lima")).closest("[data-ticket-id]") as HTMLElement;
    expect(within(card).getByText("Pedido confirmado, cancelado código A1B2")).toBeInTheDocument();
    expect(card.textContent).not.toMatch(/[*_~`]/);
    expect(within(within(card).getByRole("list", { name: "Tags do ticket" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["VIP", "Atrasado"]);
    const other = screen.getByText("Sem atendente").closest("[data-ticket-id]") as HTMLElement;
    expect(within(other).queryByRole("list", { name: "Tags do ticket" })).not.toBeInTheDocument();
  });
});
