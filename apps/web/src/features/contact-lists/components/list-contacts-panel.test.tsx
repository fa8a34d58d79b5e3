import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { ListContactsPanel } from "./list-contacts-panel.tsx";

const sockets = vi.hoisted((): FakeSocket[] => []);
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

const item = (id: number, name: string, number: string, isWhatsappValid: boolean | null, contactListId = 5) => ({ id, name, number, email: "", isWhatsappValid, companyId: 3, contactListId });
const ana = item(21, "Ana Souza", "5511988880001", null);
const beto = item(22, "Beto Lima", "5511988880002", false);

function row(name: string) {
  const tr = screen.getByText(name, { selector: "td" }).closest("tr");
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
}

function renderPanel(canDelete: boolean) {
  let imported = false;
  const fetches = mockFetch((call) => {
    if (call.method === "GET" && call.path === "/contact-lists/5") return jsonResponse({ id: 5, name: "Clientes VIP", contactsCount: 2, validCount: 0, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" });
    if (call.method === "GET" && call.path === "/contact-list-items") {
      const contacts = imported ? [item(23, "Carla Nova", "5511988880003", null), ana, beto] : [ana, beto];
      return jsonResponse({ contacts, count: contacts.length, hasMore: false });
    }
    if (call.method === "POST" && call.path === "/contact-list-items") return jsonResponse({ ...item(30, "Dora Reis", "5511977770000", null), email: "dora@example.com" });
    if (call.method === "POST" && call.path === "/contact-lists/5/upload") {
      imported = true;
      return jsonResponse({ total: 2, created: 1, updated: 0, rejected: [{ row: 3, reason: "numberTooShort", name: "Zé", number: "123" }] });
    }
    return undefined;
  });
  renderWithProviders(<ListContactsPanel contactListId={5} canDelete={canDelete} onBack={vi.fn()} />);
  return { ...fetches, user: userEvent.setup() };
}

describe("ListContactsPanel", () => {
  it("shows the list's name and its contacts with their validity; delete only with contacts-page:deleteContact", async () => {
    renderPanel(false);
    expect(await screen.findByRole("heading", { name: "Contatos da lista Clientes VIP" })).toBeInTheDocument();
    await screen.findByText("Ana Souza", { selector: "td" });
    expect(row("Ana Souza").getByRole("img", { name: "Número ainda não verificado" })).toBeInTheDocument();
    expect(row("Beto Lima").getByRole("img", { name: "Número inválido no WhatsApp" })).toBeInTheDocument();
    expect(row("Ana Souza").getByRole("button", { name: "Editar: Ana Souza" })).toBeInTheDocument();
    expect(row("Ana Souza").queryByRole("button", { name: "Excluir: Ana Souza" })).not.toBeInTheDocument();
  });

  it("offers the delete to those with the permission", async () => {
    renderPanel(true);
    await screen.findByText("Ana Souza", { selector: "td" });
    expect(row("Ana Souza").getByRole("button", { name: "Excluir: Ana Souza" })).toBeInTheDocument();
  });

  it("turns a validity icon as the number's check arrives, and follows contacts added and removed elsewhere", async () => {
    renderPanel(true);
    await screen.findByText("Ana Souza", { selector: "td" });
    const socket = sockets.at(-1)!;
    socket.receive("company-3-ContactListItem", { action: "update", record: { ...ana, isWhatsappValid: true } });
    socket.receive("company-3-ContactListItem", { action: "create", record: item(24, "Outra Lista", "5511900000000", true, 9) });
    socket.receive("company-3-ContactListItem", { action: "create", record: item(25, "Eva Melo", "5511900000001", null) });
    socket.receive("company-3-ContactListItem", { action: "delete", id: 22 });
    expect(await row("Ana Souza").findByRole("img", { name: "Número válido no WhatsApp" })).toBeInTheDocument();
    expect(await screen.findByText("Eva Melo", { selector: "td" })).toBeInTheDocument();
    expect(screen.queryByText("Outra Lista", { selector: "td" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Beto Lima", { selector: "td" })).not.toBeInTheDocument());
  });

  it("checks name, number and e-mail in the dialog (spec admin §5) and adds the contact to this list", async () => {
    const { user, calls } = renderPanel(true);
    await screen.findByText("Ana Souza", { selector: "td" });
    await user.click(screen.getByRole("button", { name: "Adicionar contato" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato à lista" });
    await user.type(within(dialog).getByLabelText(/Nome/), "D");
    await user.type(within(dialog).getByLabelText(/Número/), "1234");
    await user.type(within(dialog).getByLabelText(/E-mail/), "dora@");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findAllByText("Muito curto!")).toHaveLength(2);
    expect(within(dialog).getByText("E-mail inválido")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Nome/), "ora Reis");
    await user.clear(within(dialog).getByLabelText(/Número/));
    await user.type(within(dialog).getByLabelText(/Número/), "+55 (11) 97777-0000");
    await user.type(within(dialog).getByLabelText(/E-mail/), "example.com");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Dora Reis", { selector: "td" })).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Dora Reis", number: "+55 (11) 97777-0000", email: "dora@example.com", contactListId: 5 });
  });

  it("imports a spreadsheet after a confirmation with the example, and shows the rejected rows", async () => {
    const { user, calls } = renderPanel(true);
    await screen.findByText("Ana Souza", { selector: "td" });
    await user.click(screen.getByRole("button", { name: "Importar" }));
    const confirm = await screen.findByRole("dialog", { name: "Importar contatos para a lista?" });
    expect(within(confirm).getByRole("link", { name: "Baixar a planilha de exemplo" })).toHaveAttribute("href", "/planilha-exemplo.xlsx");
    expect(screen.queryByTestId("spreadsheet-import-file")).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole("button", { name: "Continuar" }));

    const dialog = await screen.findByRole("dialog", { name: "Importar contatos da planilha" });
    fireEvent.change(screen.getByTestId("spreadsheet-import-file"), { target: { files: [new File([new Uint8Array(100)], "lista.xlsx")] } });
    await user.click(within(dialog).getByRole("button", { name: "Importar" }));
    expect(await within(dialog).findByText("Criados: 1")).toBeInTheDocument();
    expect(within(dialog).getByText("Rejeitados: 1")).toBeInTheDocument();
    expect(within(dialog).getByText("Número curto demais (mínimo 8 dígitos)")).toBeInTheDocument();
    const upload = calls.find((call) => call.path === "/contact-lists/5/upload");
    expect(upload?.body instanceof FormData && upload.body.get("file") instanceof File).toBe(true);
    // The list is read again: the imported contact appears.
    expect(await screen.findByText("Carla Nova", { selector: "td" })).toBeInTheDocument();
  });
});
