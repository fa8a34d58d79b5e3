import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { ContactListsPanel } from "./contact-lists-panel.tsx";

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

const listOf = (id: number, name: string, contactsCount = 0) => ({ id, name, contactsCount, validCount: 0, createdAt: "2026-01-01T00:00:00.000Z", updatedAt: "2026-01-01T00:00:00.000Z" });
const clientes = listOf(5, "Clientes VIP", 12);

function row(name: string) {
  const tr = screen.getByText(name, { selector: "td" }).closest("tr");
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
}

function renderPanel(onOpenContacts = vi.fn()) {
  const fetches = mockFetch((call) => {
    if (call.method === "GET" && call.path === "/contact-lists") {
      const term = call.url.searchParams.get("searchParam") ?? "";
      return jsonResponse({ records: [clientes].filter((list) => list.name.toLowerCase().includes(term)), hasMore: false });
    }
    if (call.method === "POST" && call.path === "/contact-lists") return jsonResponse(listOf(6, (call.body as { name: string }).name));
    if (call.method === "DELETE" && call.path === "/contact-lists/5") return jsonResponse({ message: "Contact list deleted" });
    return undefined;
  });
  renderWithProviders(<ContactListsPanel onOpenContacts={onOpenContacts} />);
  return { ...fetches, user: userEvent.setup(), onOpenContacts };
}

describe("ContactListsPanel", () => {
  it("lists each list with its contacts count, the example spreadsheet and the way to its contacts", async () => {
    const { user, onOpenContacts } = renderPanel();
    await screen.findByText("Clientes VIP", { selector: "td" });
    expect(row("Clientes VIP").getByText("12")).toBeInTheDocument();
    expect(row("Clientes VIP").getByRole("link", { name: "Baixar planilha de exemplo: Clientes VIP" })).toHaveAttribute("href", "/planilha-exemplo.xlsx");
    await user.click(row("Clientes VIP").getByRole("button", { name: "Ver contatos: Clientes VIP" }));
    expect(onOpenContacts).toHaveBeenCalledWith(clientes);
  });

  it("checks the name in the dialog (spec admin §5) before creating the list", async () => {
    const { user, calls } = renderPanel();
    await screen.findByText("Clientes VIP", { selector: "td" });
    await user.click(screen.getByRole("button", { name: "Adicionar lista" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar lista de contatos" });
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Nome/), "A");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Muito curto!")).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Nome/));
    await user.type(within(dialog).getByLabelText(/Nome/), "x".repeat(51));
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Muito longo!")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/Nome/));
    await user.type(within(dialog).getByLabelText(/Nome/), "Leads de março");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Leads de março", { selector: "td" })).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Leads de março" });
  });

  it("deletes a list only after the confirmation", async () => {
    const { user, calls } = renderPanel();
    await screen.findByText("Clientes VIP", { selector: "td" });
    await user.click(row("Clientes VIP").getByRole("button", { name: "Excluir: Clientes VIP" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir a lista Clientes VIP?" });
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    await user.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Clientes VIP", { selector: "td" })).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/contact-lists/5"]);
  });

  it("follows the lists created, recounted and deleted elsewhere", async () => {
    renderPanel();
    await screen.findByText("Clientes VIP", { selector: "td" });
    const socket = sockets.at(-1)!;
    socket.receive("company-3-ContactList", { action: "create", record: listOf(8, "Evento 2026", 3) });
    socket.receive("company-3-ContactList", { action: "update", record: { ...clientes, contactsCount: 40 } });
    expect(await screen.findByText("Evento 2026", { selector: "td" })).toBeInTheDocument();
    expect(row("Clientes VIP").getByText("40")).toBeInTheDocument();
    socket.receive("company-3-ContactList", { action: "delete", id: 8 });
    await waitFor(() => expect(screen.queryByText("Evento 2026", { selector: "td" })).not.toBeInTheDocument());
  });
});
