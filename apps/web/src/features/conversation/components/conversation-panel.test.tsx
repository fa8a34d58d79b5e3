import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorResponse, type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { message, ticket } from "../testing/fixtures.ts";
import { renderWithApp } from "../testing/render.tsx";
import { ConversationPanel } from "./conversation-panel.tsx";
import { FOCUS_HIGHLIGHT_MS, FOCUS_MAX_PAGES } from "./message-list.tsx";

const SLOW = { timeout: 20_000 };
const UUID = ticket().uuid;
const at = (day: number, hour: number) => new Date(2025, 2, day, hour, 0, 0).toISOString();

function page(messages: ReturnType<typeof message>[], hasMore = false) {
  return jsonResponse({ messages, ticket: { id: 5, uuid: UUID, status: "open" }, count: messages.length, hasMore });
}

/** Answers the calls the panel makes at start; `extra` answers first. */
function serve(overrides: Partial<ReturnType<typeof ticket>>, extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === "/auth/me") return jsonResponse(sessionUser({ profile: "user" }));
    if (call.path === `/tickets/u/${UUID}`) return jsonResponse(ticket(overrides));
    if (call.path === "/tags/list") return jsonResponse([]);
    if (call.path === "/messages/5") {
      return call.url.searchParams.get("pageNumber") === "2"
        ? page([message({ id: 1, ticketId: 3, body: "Primeiro atendimento", createdAt: at(8, 10) })])
        : page(
            [
              message({ id: 2, ticketId: 5, body: "Preciso de ajuda", createdAt: at(10, 9) }),
              message({ id: 3, ticketId: 5, fromMe: true, userId: 7, ack: 4, body: "*Ana*:\nClaro!", createdAt: at(10, 9) }),
            ],
            true,
          );
    }
    return undefined;
  });
}

function renderPanel() {
  return renderWithApp(<ConversationPanel ticketUuid={UUID} />, `/tickets/${UUID}`);
}

describe("ConversationPanel", () => {
  it("shows the conversation with earlier tickets, dividers and day separators", async () => {
    serve({ status: "open" });
    renderPanel();
    const log = await screen.findByRole("log", { name: "Mensagens" }, SLOW);
    // The first page does not fill the panel (jsdom has no layout), so the next one is loaded at once.
    await within(log).findByText("Primeiro atendimento", undefined, SLOW);
    const texts = Array.from(log.querySelectorAll('[role="separator"], [data-testid="message-text"]'), (node) => node.getAttribute("aria-label") ?? node.textContent);
    expect(texts).toEqual(["08/03/2025", "Primeiro atendimento", "Conversa encerrada", "10/03/2025", "Conversa iniciada", "Preciso de ajuda", "Ana:\nClaro!"]);
    expect(log.querySelector('[data-ack-icon="doubleBlue"]')).not.toBeNull();
  });

  it("accepts a pending ticket and keeps it selected", async () => {
    const { calls } = serve({ status: "pending", userId: null, user: null }, (call) =>
      call.method === "PUT" ? jsonResponse(ticket({ status: "open" })) : undefined,
    );
    const { router } = renderPanel();
    fireEvent.click(await screen.findByText("Aceitar", { selector: "button" }, SLOW));
    await waitFor(() => expect(calls.find((call) => call.method === "PUT")).toMatchObject({ path: "/tickets/5", body: { status: "open" } }), SLOW);
    expect(await screen.findByText("Resolver", { selector: "button" }, SLOW)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/tickets/${UUID}`);
    expect(screen.getByLabelText("Mensagem", { selector: "textarea" })).toBeEnabled();
  });

  it("goes back to the list after resolving", async () => {
    const { calls } = serve({ status: "open" }, (call) => (call.method === "PUT" ? jsonResponse(ticket({ status: "closed" })) : undefined));
    const { router } = renderPanel();
    fireEvent.click(await screen.findByText("Resolver", { selector: "button" }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"), SLOW);
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ status: "closed" });
  });

  it("says who holds the contact's other ticket when reopening is refused", async () => {
    serve({ status: "closed" }, (call) =>
      call.method === "PUT" ? errorResponse(409, "ERR_OTHER_OPEN_TICKET", "conflict", { userId: 9, userName: "Bruno", queueName: "Suporte" }) : undefined,
    );
    renderPanel();
    fireEvent.click(await screen.findByText("Reabrir", { selector: "button" }, SLOW));
    expect(await screen.findByText("Este contato já tem um atendimento ativo com Bruno na fila Suporte.", undefined, SLOW)).toBeInTheDocument();
  });

  it("says the contact's other ticket is only reserved, naming nobody as attending it, when reopening is refused", async () => {
    serve({ status: "closed" }, (call) =>
      call.method === "PUT"
        ? errorResponse(409, "ERR_OTHER_OPEN_TICKET", "conflict", { status: "pending", userId: null, userName: null, reservedForId: 9, reservedForName: "Bruno", queueName: "Suporte" })
        : undefined,
    );
    renderPanel();
    fireEvent.click(await screen.findByText("Reabrir", { selector: "button" }, SLOW));
    expect(await screen.findByText("Este contato já tem um atendimento aguardando na fila Suporte, reservado para Bruno (ainda não aceito).", undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/atendimento ativo com/)).not.toBeInTheDocument();
  });

  it("says who took the ticket and goes back to the list when another attendant accepted it first", async () => {
    serve({ status: "pending", userId: null, user: null }, (call) =>
      call.method === "PUT" ? errorResponse(409, "ERR_TICKET_ALREADY_ACCEPTED", "taken", { userId: 9, userName: "Bruno" }) : undefined,
    );
    const { router } = renderPanel();
    fireEvent.click(await screen.findByText("Aceitar", { selector: "button" }, SLOW));
    expect(await screen.findByText("Bruno já aceitou este atendimento.", undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"), SLOW);
  });

  it("shows an attendant that a colleague holds the open ticket and keeps her from writing; an admin may write", async () => {
    serve({ status: "open", userId: 9, user: { id: 9, name: "Bruno" } });
    const view = renderPanel();
    expect(await screen.findByText("Bruno assumiu este atendimento. Você pode acompanhar a conversa, mas não enviar mensagens.", undefined, SLOW)).toBeInTheDocument();
    const input = screen.getByLabelText("Mensagem", { selector: "textarea" });
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription("Atendimento com Bruno: não é possível enviar mensagens.");
    expect(screen.getByRole("button", { name: "Enviar" })).toBeDisabled();
    view.unmount();

    mockFetch((call) => {
      if (call.path === "/auth/me") return jsonResponse(sessionUser({ profile: "admin" }));
      if (call.path === `/tickets/u/${UUID}`) return jsonResponse(ticket({ status: "open", userId: 9, user: { id: 9, name: "Bruno" } }));
      if (call.path === "/tags/list") return jsonResponse([]);
      if (call.path === "/messages/5") return page([]);
      return undefined;
    });
    renderPanel();
    await waitFor(() => expect(screen.getByLabelText("Mensagem", { selector: "textarea" })).toBeEnabled(), SLOW);
    expect(screen.queryByText(/assumiu este atendimento/)).toBeNull();
  });

  it("confirms a transfer with where the ticket went, leaves a ticket the user no longer sees and asks nothing more about it", async () => {
    const suporte = { id: 3, name: "Suporte", color: "#3388DD" };
    const queues = [{ ...suporte, orderQueue: 2, greetingMessage: "", outOfHoursMessage: "" }];
    const { calls } = serve({ status: "open" }, (call) => {
      if (call.path === "/queue") return jsonResponse(queues);
      if (call.path === "/whatsapp/") return jsonResponse([]);
      // Bruno, of a queue the attendant is not in, now holds it: the server no longer shows it to her.
      if (call.method === "PUT") return jsonResponse(ticket({ status: "open", userId: 8, user: { id: 8, name: "Bruno" }, queueId: 3, queue: suporte }));
      if (call.path === `/tickets/u/${UUID}` && calls.some((earlier) => earlier.method === "PUT")) return errorResponse(403, "ERR_NO_PERMISSION", "Acesso não permitido");
      return undefined;
    });
    const { router } = renderPanel();
    await screen.findByRole("log", { name: "Mensagens" }, SLOW);
    fireEvent.click(await screen.findByText("Transferir", { selector: "button" }, SLOW));
    const dialog = await screen.findByRole("dialog", { name: "Transferir atendimento" }, SLOW);
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Fila" }));
    fireEvent.click(await screen.findByRole("option", { name: "Suporte" }, SLOW));
    fireEvent.click(within(dialog).getByText("Transferir", { selector: "button" }));

    expect(await screen.findByText("Atendimento transferido para Bruno (Suporte).", undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"), SLOW);
    const asked = calls.length;
    // The window gets the focus back and the realtime connection comes back: nothing is asked about the ticket.
    window.dispatchEvent(new Event("focus"));
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new Event("online"));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.slice(asked).map((call) => call.path)).toEqual([]);
    expect(screen.queryByText("Acesso não permitido")).not.toBeInTheDocument();
  });

  it("shows beside the conversation the contact's earlier tickets the user may open, opens one, and edits the contact", async () => {
    const earlier = ticket({ id: 3, uuid: "3c1d0b6f-0000-4000-8000-000000000003", status: "closed", lastMessage: "*Obrigado*!", updatedAt: "2025-03-08T10:00:00.000Z" });
    const { calls } = serve({ status: "open" }, (call) => {
      if (call.path === "/contacts/11") return jsonResponse({ id: 11, name: "Maria Cliente", number: "5511988887777", email: "", profilePicUrl: null, isGroup: false, extraInfo: [], tags: [] });
      if (call.path === "/tickets" && call.url.searchParams.get("contactId") === "11") return jsonResponse({ tickets: [ticket(), earlier], count: 2, hasMore: false });
      return undefined;
    });
    let edited = 0;
    const { router } = renderWithApp(
      <ConversationPanel
        ticketUuid={UUID}
        renderContactEditor={({ contactId, onClose }) => (
          <button type="button" onClick={() => { edited = contactId; onClose(); }}>
            editor stub
          </button>
        )}
      />,
      `/tickets/${UUID}`,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Ver os dados de Maria Cliente" }, SLOW));
    const history = await screen.findByRole("list", { name: "Atendimentos anteriores" }, SLOW);
    // The conversation stays on screen beside the contact (jsdom matches no media query: the drawer form).
    expect(within(history).getAllByRole("listitem")).toHaveLength(1);
    expect(within(history).getByText(/Obrigado!$/)).toBeInTheDocument();
    expect(calls.find((call) => call.url.searchParams.get("contactId") === "11")?.url.searchParams.get("pageNumber")).toBe("1");

    fireEvent.click(screen.getByRole("button", { name: "Editar contato" }));
    fireEvent.click(await screen.findByRole("button", { name: "editor stub" }, SLOW));
    expect(edited).toBe(11);

    fireEvent.click(within(history).getByRole("button", { name: "Abrir o atendimento #3" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tickets/${earlier.uuid}`), SLOW);
  });

  it("refuses a ticket of another queue with 'Acesso não permitido' and goes back to the list", async () => {
    mockFetch((call) => {
      if (call.path === "/auth/refresh_token") return jsonResponse({ token: "t2", user: sessionUser({ profile: "user" }) });
      if (call.path === `/tickets/u/${UUID}`) return errorResponse(403, "ERR_NO_PERMISSION", "Acesso não permitido");
      if (call.path === "/auth/me") return jsonResponse(sessionUser({ profile: "user" }));
      return undefined;
    });
    const { router } = renderPanel();
    expect(await screen.findByText("Acesso não permitido", undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"), SLOW);
  });

  describe("opened at a message (a search result)", () => {
    const scrolledTo: Element[] = [];
    /** A list that fills the panel (so that nothing loads by itself) and records what is scrolled into view. */
    function layOut() {
      vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(2000);
      vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(500);
      Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
        scrolledTo.push(this);
      };
    }
    afterEach(() => {
      vi.restoreAllMocks();
      scrolledTo.length = 0;
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });

    /** Pages of two messages, ids counting down from the newest (2 * pages); page N holds ids 2(pages-N)+1 and +2. */
    function servePages(pages: number, endless = false) {
      return mockFetch((call) => {
        if (call.path === "/auth/me") return jsonResponse(sessionUser({ profile: "user" }));
        if (call.path === `/tickets/u/${UUID}`) return jsonResponse(ticket({ status: "open" }));
        if (call.path === "/tags/list") return jsonResponse([]);
        if (call.path === "/messages/5") {
          const n = Number(call.url.searchParams.get("pageNumber"));
          const newest = 2 * (pages - n) + 2;
          return page(
            [newest - 1, newest].map((id) => message({ id, ticketId: 5, body: `Mensagem ${id}`, createdAt: at(10, 1) })),
            endless || n < pages,
          );
        }
        return undefined;
      });
    }
    const pagesRead = (calls: FetchCall[]) => calls.filter((call) => call.path === "/messages/5").map((call) => Number(call.url.searchParams.get("pageNumber")));

    it("loads earlier pages until the message is there, scrolls to it and marks it for a few seconds", async () => {
      layOut();
      const { calls } = servePages(5);
      renderWithApp(<ConversationPanel ticketUuid={UUID} focusMessageId={3} />, `/tickets/${UUID}?message=3`);
      const log = await screen.findByRole("log", undefined, SLOW);
      await within(log).findByText("Mensagem 3", undefined, SLOW);
      const bubble = log.querySelector('[data-message-id="3"]');
      await waitFor(() => expect(scrolledTo).toEqual([bubble]), SLOW);
      expect(bubble).toHaveAttribute("data-highlighted", "true");
      expect(pagesRead(calls)).toEqual([1, 2, 3, 4]);
      await waitFor(() => expect(bubble).not.toHaveAttribute("data-highlighted"), { timeout: FOCUS_HIGHLIGHT_MS + 2000 });
      expect(pagesRead(calls)).toEqual([1, 2, 3, 4]);
    });

    it(`stops after ${FOCUS_MAX_PAGES} pages and asks the user to scroll up`, async () => {
      layOut();
      const { calls } = servePages(1000, true);
      renderWithApp(<ConversationPanel ticketUuid={UUID} focusMessageId={1} />, `/tickets/${UUID}?message=1`);
      expect(await screen.findByText("A mensagem está mais atrás na conversa: role para cima para encontrá-la.", undefined, { timeout: 20_000 })).toBeInTheDocument();
      expect(pagesRead(calls)).toHaveLength(FOCUS_MAX_PAGES);
      expect(scrolledTo).toEqual([]);
    });
  });
});
