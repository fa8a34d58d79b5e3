import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { sessionUser } from "../../../test/fixtures.ts";
import { message, ticket } from "../testing/fixtures.ts";
import { renderWithApp } from "../testing/render.tsx";
import { ConversationPanel } from "./conversation-panel.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const SLOW = { timeout: 20_000 };
const UUID = ticket().uuid;
const TEMPLATES = [
  { name: "retorno", language: "pt_BR", category: "UTILITY", status: "APPROVED", body: "Olá {{1}}, seu pedido {{2}} está pronto.", parameterCount: 2, syncedAt: "2026-11-29T10:00:00.000Z" },
  { name: "promocao", language: "pt_BR", category: "MARKETING", status: "PENDING", body: "Oferta!", parameterCount: 0, syncedAt: "2026-11-29T10:00:00.000Z" },
];

function serve(closesAt: string | null) {
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(sessionUser({ id: 7, profile: "user" }));
    if (call.path === `/tickets/u/${UUID}`) return jsonResponse(ticket({ status: "open", userId: 7, user: { id: 7, name: "Ana" }, whatsappId: 4, cloudWindow: { provider: "cloud", closesAt, open: closesAt !== null && Date.parse(closesAt) > Date.now() } }));
    if (call.path === "/tags/list") return jsonResponse([]);
    if (call.method === "GET" && call.path === "/messages/5") return jsonResponse({ messages: [message({ id: 2, ticketId: 5, body: "Oi" })], ticket: { id: 5, uuid: UUID, status: "open" }, count: 1, hasMore: false });
    if (call.path === "/whatsapp/4/templates") return jsonResponse(TEMPLATES);
    if (call.method === "POST" && call.path === "/messages/5") return jsonResponse([message({ id: 3, ticketId: 5, fromMe: true, body: "Olá Maria, seu pedido 42 está pronto." })]);
    return undefined;
  });
}

describe("the official line's 24-hour window", () => {
  it("shows the time left while it is open, and the composer works", async () => {
    serve(new Date(Date.now() + 2 * 3_600_000 + 10 * 60_000 - 1000).toISOString());
    renderWithApp(<ConversationPanel ticketUuid={UUID} />, `/tickets/${UUID}`);

    const bar = await screen.findByRole("status", { name: "Janela de atendimento de 24 horas" }, SLOW);
    expect(bar).toHaveTextContent(/Janela de 24 h aberta: fecha em 2 h 10 min/);
    expect(screen.getByLabelText("Mensagem", { selector: "textarea" })).toBeEnabled();
  });

  it("once closed, disables free text and sends an approved template filled from the contact", async () => {
    const { calls } = serve(new Date(Date.now() - 60_000).toISOString());
    renderWithApp(<ConversationPanel ticketUuid={UUID} />, `/tickets/${UUID}`);

    const bar = await screen.findByRole("status", { name: "Janela de atendimento de 24 horas" }, SLOW);
    expect(bar).toHaveTextContent("A janela de 24 h está fechada");
    await waitFor(() => expect(screen.getByLabelText("Mensagem", { selector: "textarea" })).toBeDisabled());
    expect(screen.getByLabelText("Mensagem", { selector: "textarea" })).toHaveAttribute("placeholder", "A janela de 24 horas está fechada: envie um modelo aprovado.");

    fireEvent.click(within(bar).getByRole("button", { name: "Enviar modelo" }));
    const dialog = await screen.findByRole("dialog", { name: "Enviar modelo de mensagem" }, SLOW);
    fireEvent.mouseDown(await within(dialog).findByRole("combobox", { name: "Modelo" }, SLOW));
    const options = await screen.findByRole("listbox");
    expect(within(options).getByRole("option", { name: /promocao.*PENDING/ })).toHaveAttribute("aria-disabled", "true");
    fireEvent.click(within(options).getByRole("option", { name: /retorno/ }));

    const fillers = within(dialog).getAllByRole("combobox", { name: "Preencher com" });
    fireEvent.mouseDown(fillers[0]!);
    fireEvent.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Nome do contato" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Parâmetro 2/ }), { target: { value: "42" } });
    const contactName = ticket().contact.name;
    expect(within(dialog).getByTestId("template-preview")).toHaveTextContent(`Olá ${contactName}, seu pedido 42 está pronto.`);

    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar modelo" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Enviar modelo de mensagem" })).not.toBeInTheDocument(), SLOW);
    expect(calls.find((call) => call.method === "POST" && call.path === "/messages/5")?.body).toEqual({
      body: "",
      signMessage: false,
      template: { name: "retorno", language: "pt_BR", parameters: [contactName, "42"] },
    });
  });
});
