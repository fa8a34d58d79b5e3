import type { Ticket } from "@conversa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorResponse, type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { renderNewTicketDialog } from "../test/render-manager.tsx";
import { makeTicket } from "../test/ticket-fixture.ts";

const queues = [
  { id: 1, name: "Vendas", color: "#7c4dff" },
  { id: 2, name: "Suporte", color: "#00bcd4" },
];
const attendant = sessionUser({ profile: "user", queues, whatsappId: null });
/** A contact as GET/POST /contacts answer it. */
function contact(id: number, name: string, number: string) {
  const at = "2024-05-10T12:00:00.000Z";
  return { id, uuid: `uuid-${id}`, name, number, email: "", profilePicUrl: null, isGroup: false, whatsappId: null, extraInfo: [], createdAt: at, updatedAt: at };
}
const maria = contact(31, "Maria Lima", "5511988887777");
const SLOW = { timeout: 20_000 };

function serve(extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.path === "/whatsapp/") {
      return jsonResponse([
        { id: 1, name: "Principal", isDefault: false, status: "CONNECTED" },
        { id: 2, name: "Padrão", isDefault: true, status: "CONNECTED" },
      ]);
    }
    if (call.path === "/queue") return jsonResponse(queues);
    if (call.path === "/contacts" && call.method === "GET") {
      const search = call.url.searchParams.get("searchParam") ?? "";
      return jsonResponse({ contacts: "maria lima".includes(search) ? [maria] : [], count: 1, hasMore: false });
    }
    return extra(call);
  });
}

function setup(user = attendant) {
  const onCreated = vi.fn<(ticket: Ticket) => void>();
  renderNewTicketDialog(user, onCreated);
  return { events: userEvent.setup({ delay: null }), onCreated, dialog: screen.getByRole("dialog") };
}

async function pickMaria(events: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await events.type(within(dialog).getByLabelText(/Contato/), "Mar");
  await events.click(await screen.findByText("Maria Lima", undefined, SLOW));
}

const contactSearches = (calls: FetchCall[]) => calls.filter((call) => call.path === "/contacts" && call.method === "GET");
const posts = (calls: FetchCall[], path: string) => calls.filter((call) => call.path === path && call.method === "POST");

describe("NewTicketDialog", () => {
  it("searches contacts only from 3 characters, 500 ms after typing stops", async () => {
    const { calls } = serve();
    const { events, dialog } = setup();
    const input = within(dialog).getByLabelText(/Contato/);

    await events.type(input, "Ma");
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(contactSearches(calls)).toHaveLength(0);
    expect(screen.getByText("Digite ao menos 3 caracteres")).toBeInTheDocument();

    await events.type(input, "R");
    expect(contactSearches(calls)).toHaveLength(0);
    expect(await screen.findByText("Maria Lima", undefined, SLOW)).toBeInTheDocument();
    expect(contactSearches(calls).map((call) => call.url.searchParams.get("searchParam"))).toEqual(["mar"]);
  });

  it("asks a user without an admin profile for a queue ('Selecione uma fila')", async () => {
    const { calls } = serve();
    const { events, dialog } = setup();
    await pickMaria(events, dialog);

    await events.click(within(dialog).getByText("Salvar"));
    expect(await within(dialog).findByText("Selecione uma fila", undefined, SLOW)).toBeInTheDocument();
    expect(posts(calls, "/tickets")).toHaveLength(0);
  });

  it("asks for a contact, but no queue of an admin", async () => {
    const { calls } = serve();
    const { events, dialog } = setup(sessionUser({ profile: "admin" }));

    await events.click(within(dialog).getByText("Salvar"));
    expect(await within(dialog).findByText("Selecione um contato", undefined, SLOW)).toBeInTheDocument();
    expect(within(dialog).queryByText("Selecione uma fila")).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("opens the ticket as the user, with the chosen queue, on the default connection", async () => {
    const { calls } = serve((call) => (call.path === "/tickets" && call.method === "POST" ? jsonResponse(makeTicket({ id: 77, uuid: "new-uuid" })) : undefined));
    const { events, dialog, onCreated } = setup();
    await pickMaria(events, dialog);
    await events.click(within(dialog).getByLabelText(/Fila/));
    await events.click(await screen.findByText("Suporte", undefined, SLOW));
    await waitFor(() => expect(within(dialog).getByLabelText(/Conexão/)).toHaveTextContent("Padrão"), SLOW);

    await events.click(within(dialog).getByText("Salvar"));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ uuid: "new-uuid" })), SLOW);
    expect(posts(calls, "/tickets")[0]?.body).toEqual({ contactId: 31, queueId: 2, whatsappId: 2, userId: 7, status: "open" });
  });

  it("tells who already handles the contact on ERR_OTHER_OPEN_TICKET", async () => {
    serve((call) =>
      call.path === "/tickets" && call.method === "POST"
        ? errorResponse(409, "ERR_OTHER_OPEN_TICKET", "open ticket", { userId: 9, userName: "Bruno", queueName: "Vendas" })
        : undefined,
    );
    const { events, dialog, onCreated } = setup(sessionUser({ profile: "admin", queues }));
    await pickMaria(events, dialog);

    await events.click(within(dialog).getByText("Salvar"));
    expect(await within(dialog).findByText("Este contato já está em atendimento com Bruno na fila Vendas.", undefined, SLOW)).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });

  it("says a contact's ticket is reserved, not attended, when nobody accepted it", async () => {
    serve((call) =>
      call.path === "/tickets" && call.method === "POST"
        ? errorResponse(409, "ERR_OTHER_OPEN_TICKET", "open ticket", { status: "pending", userId: null, userName: null, reservedForId: 9, reservedForName: "Bruno", queueName: "Vendas" })
        : undefined,
    );
    const { events, dialog } = setup(sessionUser({ profile: "admin", queues }));
    await pickMaria(events, dialog);

    await events.click(within(dialog).getByText("Salvar"));
    expect(await within(dialog).findByText("Este contato já tem um atendimento aguardando na fila Vendas, reservado para Bruno (ainda não aceito).", undefined, SLOW)).toBeInTheDocument();
    expect(within(dialog).queryByText(/em atendimento com/)).not.toBeInTheDocument();
  });

  it("offers to add a contact when nothing matches, and picks the new contact", async () => {
    const { calls } = serve((call) =>
      call.path === "/contacts" && call.method === "POST" ? jsonResponse(contact(40, "Zé Ninguém", "5511977776666")) : undefined,
    );
    const { events, dialog } = setup();

    await events.type(within(dialog).getByLabelText(/Contato/), "Zé Ninguém");
    await events.click(await screen.findByText("Adicionar Zé Ninguém", undefined, SLOW));
    const form = await screen.findByRole("dialog", { name: "Adicionar contato" });
    expect(within(form).getByLabelText(/Nome/)).toHaveValue("Zé Ninguém");

    await events.type(within(form).getByLabelText(/Número/), "1234");
    await events.click(within(form).getByText("Adicionar"));
    expect(await within(form).findByText("Muito curto!", undefined, SLOW)).toBeInTheDocument();

    await events.type(within(form).getByLabelText(/Número/), "-5678");
    await events.click(within(form).getByText("Adicionar"));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Adicionar contato" })).not.toBeInTheDocument(), SLOW);
    expect(posts(calls, "/contacts")[0]?.body).toEqual({ name: "Zé Ninguém", number: "1234-5678" });
    expect(within(dialog).getByLabelText(/Contato/)).toHaveValue("Zé Ninguém");
  });
});
