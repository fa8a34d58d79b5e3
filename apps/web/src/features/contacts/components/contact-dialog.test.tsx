import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { ContactDialog } from "./contact-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const at = "2024-05-10T12:00:00.000Z";
const stored = {
  id: 5,
  uuid: "c5",
  name: "Maria Lima",
  number: "5511988887777",
  email: "maria@example.com",
  profilePicUrl: null,
  isGroup: false,
  whatsappId: null,
  extraInfo: [{ id: 1, name: "CPF", value: "123" }],
  createdAt: at,
  updatedAt: at,
};

function openDialog(contactId: number | null) {
  const onClose = vi.fn();
  renderWithProviders(<ContactDialog open contactId={contactId} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

const field = (name: RegExp) => screen.getByRole("textbox", { name });

describe("ContactDialog", () => {
  it.each([
    ["", "5511988887777", "", "Obrigatório"],
    ["M", "5511988887777", "", "Muito curto!"],
    ["Maria", "1234-567", "", "Muito curto!"],
    ["Maria", "5511988887777", "maria@", "E-mail inválido"],
  ])("refuses name %j, number %j, e-mail %j with '%s' and sends nothing", async (name, number, email, message) => {
    const { calls } = mockFetch(() => undefined);
    const { user, onClose } = openDialog(null);
    if (name) await user.type(field(/^Nome/), name);
    await user.type(field(/Número do WhatsApp/), number);
    if (email) await user.type(field(/E-mail/), email);
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("creates a contact with its number as typed (the server completes its calling code) and its extra information", async () => {
    const { calls } = mockFetch((call) => (call.method === "POST" ? jsonResponse({ ...stored, id: 9 }) : undefined));
    const { user, onClose } = openDialog(null);
    await user.type(field(/^Nome/), "Maria Lima");
    await user.type(field(/Número do WhatsApp/), "+55 (11) 98888-7777");
    await user.click(screen.getByRole("button", { name: "Adicionar informação" }));
    await user.type(field(/Nome do campo/), "Empresa");
    await user.type(field(/Valor/), "ACME");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 20_000 });
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Maria Lima", number: "+55 (11) 98888-7777", email: "", extraInfo: [{ name: "Empresa", value: "ACME" }] });
  });

  it("edits a contact, removing an extra information row", async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === "GET" && call.path === "/contacts/5") return jsonResponse(stored);
      if (call.method === "PUT") return jsonResponse({ ...stored, extraInfo: [] });
      return undefined;
    });
    const { user, onClose } = openDialog(5);
    expect(await screen.findByDisplayValue("Maria Lima")).toBeInTheDocument();
    expect(field(/Valor/)).toHaveValue("123");
    await user.click(screen.getByRole("button", { name: "Remover a informação 1" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 20_000 });
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/contacts/5",
      body: { name: "Maria Lima", number: "5511988887777", email: "maria@example.com", extraInfo: [] },
    });
  });

  it("shows a duplicated number on the number field and stays open", async () => {
    mockFetch((call) => (call.method === "POST" ? errorResponse(409, "ERR_DUPLICATED_CONTACT", "A contact with this number exists", { alreadyExists: true }) : undefined));
    const { user, onClose } = openDialog(null);
    await user.type(field(/^Nome/), "Outra Maria");
    await user.type(field(/Número do WhatsApp/), "5511988887777");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    const number = field(/Número do WhatsApp/);
    await waitFor(() => expect(number).toHaveAccessibleDescription("Já existe um contato com este número."), { timeout: 20_000 });
    expect(onClose).not.toHaveBeenCalled();
    expect(within(screen.getByRole("dialog")).getByRole("button", { name: "Adicionar" })).toBeEnabled();
  });
});
