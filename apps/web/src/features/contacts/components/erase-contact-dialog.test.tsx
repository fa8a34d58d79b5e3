import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { EraseContactDialog } from "./erase-contact-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const at = "2024-05-10T12:00:00.000Z";
const contact = {
  id: 5,
  uuid: "c5",
  name: "Maria Lima",
  number: "5511988887777",
  email: "maria@example.com",
  profilePicUrl: null,
  isGroup: false,
  whatsappId: null,
  extraInfo: [],
  createdAt: at,
  updatedAt: at,
};
const erased = { ...contact, name: "Contato removido", number: "erased-0f3a", email: "" };

function openDialog() {
  const onClose = vi.fn();
  renderWithProviders(<EraseContactDialog contact={contact} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

const confirmButton = () => screen.getByRole("button", { name: "Apagar dados" });
const numberField = () => screen.getByRole("textbox", { name: "Número do contato" });

describe("EraseContactDialog", () => {
  it("says what is removed and what stays, and keeps the button off until the typed number matches", async () => {
    const { calls } = mockFetch(() => undefined);
    const { user } = openDialog();
    expect(screen.getByText(/Saem: nome, número, e-mail/)).toBeInTheDocument();
    expect(screen.getByText(/Ficam, sem dados pessoais/)).toBeInTheDocument();
    expect(confirmButton()).toBeDisabled();
    await user.type(numberField(), "5511988887776");
    expect(confirmButton()).toBeDisabled();
    await user.clear(numberField());
    await user.type(numberField(), "+55 (11) 98888-7777");
    expect(confirmButton()).toBeEnabled();
    await user.type(numberField(), "1");
    expect(confirmButton()).toBeDisabled();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("sends the number as typed and closes once the contact is erased", async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === "POST" && call.path === "/contacts/5/erase") return jsonResponse({ contactId: 5, erasedAt: at, tickets: 1, messages: 3, mediaFiles: 0 });
      if (call.method === "GET" && call.path === "/contacts/5") return jsonResponse(erased);
      return undefined;
    });
    const { user, onClose } = openDialog();
    await user.type(numberField(), "+55 (11) 98888-7777");
    await user.click(confirmButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 20_000 });
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ number: "+55 (11) 98888-7777" });
  });

  it("shows the server's refusal when the contact was already erased, and stays open", async () => {
    mockFetch((call) => (call.method === "POST" ? errorResponse(409, "ERR_CONTACT_ERASED") : undefined));
    const { user, onClose } = openDialog();
    await user.type(numberField(), "5511988887777");
    await user.click(confirmButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Os dados deste contato foram apagados; não é possível enviar mensagens a ele.");
    expect(onClose).not.toHaveBeenCalled();
  });
});
