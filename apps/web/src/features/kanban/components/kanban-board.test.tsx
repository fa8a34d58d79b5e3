import type { KanbanLanePage, Ticket } from "@conversa/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useParams } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { makeTicket } from "../test/ticket-fixture.ts";
import { KanbanBoard } from "./kanban-board.tsx";

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

const doing = { id: 5, name: "Fazendo", color: "#1976d2", kanban: 1 };
const doingTag = { id: doing.id, name: doing.name, color: doing.color };
const vip = { id: 9, name: "VIP", color: "#ff9800" };

function TicketRoute() {
  return <p>Ticket page {useParams().uuid}</p>;
}

interface Server {
  lanes: Record<"open" | "5", KanbanLanePage[]>;
  move?: (call: FetchCall) => Response;
}

function renderBoard(server: Server) {
  const fetches = mockFetch((call) => {
    if (call.method === "GET" && call.path === "/tags/kanban") return jsonResponse({ lista: [doing] });
    if (call.method === "GET" && call.path === "/ticket/kanban") {
      // As the server: 'Em aberto' is asked for as untagged, a lane by its tag; neither is the whole board, which this board never asks for.
      const lane = call.url.searchParams.get("tagId") === "5" ? "5" : call.url.searchParams.get("untagged") === "true" ? "open" : undefined;
      if (lane === undefined) return jsonResponse({ error: "ERR_VALIDATION" }, 400);
      const page = Number(call.url.searchParams.get("pageNumber") ?? 1);
      return jsonResponse(server.lanes[lane][page - 1] ?? { tickets: [], count: 0, hasMore: false });
    }
    if (call.path.startsWith("/ticket-tags/")) return server.move?.(call);
    // A 403 is retried once after a refresh (spec core §4).
    if (call.path === "/auth/refresh_token") return jsonResponse({ token: "access-2", user: sessionUser({ profile: "admin" }) });
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={["/kanban"]}>
      <Routes>
        <Route path="/kanban" element={<KanbanBoard user={sessionUser({ profile: "admin" })} />} />
        <Route path="/tickets/:uuid" element={<TicketRoute />} />
      </Routes>
    </MemoryRouter>,
  );
  return fetches;
}

const lane = (name: string, count: number) => screen.findByRole("region", { name: `Coluna ${name}: ${count} tickets` });

/**
 * Lays the lanes side by side (jsdom has no layout): lane i at x = 320 i, 300 px wide; a card inside its
 * lane; the card under the pointer while dragging (outside the lanes) where its card is.
 */
function layOutLanes() {
  vi.spyOn(Element.prototype, "getBoundingClientRect").mockImplementation(function (this: Element) {
    const lanes = [...document.querySelectorAll("[data-lane]")];
    const shown = this.matches("[data-ticket-id]") ? this : this.querySelector("[data-ticket-id]");
    const source = this.closest("[data-lane]") ? this : shown && document.querySelector(`[data-lane] [data-ticket-id="${shown.getAttribute("data-ticket-id")}"]`);
    const laneEl = source?.closest("[data-lane]");
    const index = laneEl ? lanes.indexOf(laneEl) : -1;
    const box = index === -1 ? { x: 0, y: 0, width: 0, height: 0 } : source === laneEl ? { x: index * 320, y: 0, width: 300, height: 800 } : { x: index * 320 + 10, y: 60, width: 280, height: 100 };
    return { ...box, left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height, toJSON: () => box } as DOMRect;
  });
}

/** Picks the card up with its handle, moves it `steps` lanes (right if positive) and drops it. */
async function moveWithKeyboard(handleName: string, steps: number) {
  const handle = screen.getByRole("button", { name: handleName });
  handle.focus();
  fireEvent.keyDown(handle, { code: "Space", key: " " });
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  for (let i = 0; i < Math.abs(steps); i++) {
    fireEvent.keyDown(document, { code: steps > 0 ? "ArrowRight" : "ArrowLeft" });
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
  fireEvent.keyDown(document, { code: "Space", key: " " });
}

const open = (tickets: Ticket[], count = tickets.length, hasMore = false): KanbanLanePage => ({ tickets, count, hasMore });

beforeEach(() => {
  sockets.length = 0;
});

describe("KanbanBoard", () => {
  it("shows 'Em aberto' and a lane per kanban tag with its count, and cards with number, contact, number and last message", async () => {
    renderBoard({ lanes: { open: [open([makeTicket({ id: 1, number: 7, tags: [vip] })], 12)], 5: [open([makeTicket({ id: 2, tags: [doingTag] })])] } });

    const first = await lane("Em aberto", 12);
    expect(await within(first).findByText("Contato 1")).toBeInTheDocument();
    // The company's own ticket number, not the installation-wide id.
    expect(within(first).getByText("Ticket #7")).toBeInTheDocument();
    expect(within(first).getByText("551199999001")).toBeInTheDocument();
    expect(within(first).getByText("Mensagem 1")).toBeInTheDocument();
    const second = await lane("Fazendo", 1);
    expect(await within(second).findByText("Contato 2")).toBeInTheDocument();
  });

  it("opens /tickets/{uuid} from a card's button", async () => {
    renderBoard({ lanes: { open: [open([makeTicket({ id: 1 })])], 5: [open([])] } });

    fireEvent.click(await screen.findByRole("button", { name: "Abrir o ticket #1 de Contato 1" }));

    expect(await screen.findByText("Ticket page uuid-1")).toBeInTheDocument();
  });

  it("asks for a lane's next page when its cards do not fill it", async () => {
    const fetches = renderBoard({
      lanes: { open: [open([makeTicket({ id: 4 })], 2, true), open([makeTicket({ id: 3 })], 2, false)], 5: [open([])] },
    });

    expect(await screen.findByText("Contato 3")).toBeInTheDocument();
    const pages = fetches.calls.filter((call) => call.path === "/ticket/kanban" && call.url.searchParams.get("untagged") === "true").map((call) => call.url.searchParams.get("pageNumber"));
    expect(pages).toEqual(["1", "2"]);
  });

  it("moves a card with the keyboard: one call, the spec's toast, the card in its new lane", async () => {
    const ticket = makeTicket({ id: 1, tags: [vip] });
    const fetches = renderBoard({
      lanes: { open: [open([ticket])], 5: [open([])] },
      move: () => jsonResponse({ ...ticket, tags: [vip, doingTag] }),
    });
    await screen.findByText("Contato 1");
    layOutLanes();

    await moveWithKeyboard("Mover o ticket #1 de Contato 1", 1);

    expect(await within(await lane("Fazendo", 1)).findByText("Contato 1")).toBeInTheDocument();
    expect(await screen.findByText("Ticket Tag Adicionado com Sucesso!")).toBeInTheDocument();
    expect(screen.queryByText("Ticket Tag Removido!")).not.toBeInTheDocument();
    expect(within(await lane("Em aberto", 0)).queryByText("Contato 1")).not.toBeInTheDocument();
    expect(fetches.calls.filter((call) => call.path.startsWith("/ticket-tags/")).map((call) => `${call.method} ${call.path}`)).toEqual(["PUT /ticket-tags/1/5"]);
  });

  it("takes a card back to 'Em aberto' with DELETE and 'Ticket Tag Removido!'", async () => {
    const ticket = makeTicket({ id: 2, tags: [doingTag] });
    const fetches = renderBoard({ lanes: { open: [open([])], 5: [open([ticket])] }, move: () => jsonResponse({ ...ticket, tags: [] }) });
    await screen.findByText("Contato 2");
    layOutLanes();

    await moveWithKeyboard("Mover o ticket #2 de Contato 2", -1);

    expect(await within(await lane("Em aberto", 1)).findByText("Contato 2")).toBeInTheDocument();
    expect(await screen.findByText("Ticket Tag Removido!")).toBeInTheDocument();
    expect(fetches.calls.filter((call) => call.path.startsWith("/ticket-tags/")).map((call) => `${call.method} ${call.path}`)).toEqual(["DELETE /ticket-tags/2"]);
  });

  it("puts the card back with the error when the server refuses the move", async () => {
    renderBoard({
      lanes: { open: [open([makeTicket({ id: 1 })])], 5: [open([])] },
      move: () => errorResponse(403, "ERR_NO_PERMISSION", "Acesso não permitido"),
    });
    await screen.findByText("Contato 1");
    layOutLanes();

    await moveWithKeyboard("Mover o ticket #1 de Contato 1", 1);

    expect(await screen.findByText("Você não tem permissão para acessar este recurso.")).toBeInTheDocument();
    await waitFor(async () => expect(within(await lane("Em aberto", 1)).getByText("Contato 1")).toBeInTheDocument());
    expect(within(await lane("Fazendo", 0)).queryByText("Contato 1")).not.toBeInTheDocument();
    expect(screen.queryByText("Ticket Tag Adicionado com Sucesso!")).not.toBeInTheDocument();
  });

  it("follows moves made elsewhere and new tickets live", async () => {
    renderBoard({ lanes: { open: [open([makeTicket({ id: 1 })])], 5: [open([])] } });
    await screen.findByText("Contato 1");
    const socket = sockets.at(-1)!;
    act(() => socket.acceptConnection());
    expect(socket.emitted.filter((entry) => entry.event === "joinTickets").map((entry) => entry.args[0])).toEqual(expect.arrayContaining(["open", "pending"]));

    act(() => socket.receive("company-3-ticket", { action: "update", ticket: makeTicket({ id: 1, tags: [doingTag] }) }));
    expect(await within(await lane("Fazendo", 1)).findByText("Contato 1")).toBeInTheDocument();

    act(() => socket.receive("company-3-appMessage", { action: "create", message: { id: 50, ticketId: 8, fromMe: false }, ticket: makeTicket({ id: 8, status: "pending", lastMessage: "Oi, preciso de ajuda" }) }));
    expect(await within(await lane("Em aberto", 1)).findByText("Oi, preciso de ajuda")).toBeInTheDocument();

    act(() => socket.receive("company-3-ticket", { action: "update", ticket: makeTicket({ id: 8, status: "closed" }) }));
    await lane("Em aberto", 0);
    expect(screen.queryByText("Contato 8")).not.toBeInTheDocument();
  });
});
