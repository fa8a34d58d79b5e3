import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { TagDialog } from "./tag-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const stored = { id: 4, name: "Proposta", color: "#ff0000", kanban: 1, userId: 7, ticketsCount: 2 };

function openDialog(tagId: number | null, canSetKanban: boolean, kanbanOnly = false) {
  const onClose = vi.fn();
  renderWithProviders(<TagDialog open tagId={tagId} canSetKanban={canSetKanban} kanbanOnly={kanbanOnly} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

describe("TagDialog", () => {
  it.each([
    ["", "Obrigatório"],
    ["ab", "Mensagem muito curta"],
  ])("refuses the name %j with '%s' and sends nothing", async (name, message) => {
    const { calls } = mockFetch(() => undefined);
    const { user, onClose } = openDialog(null, true);
    if (name) await user.type(screen.getByRole("textbox", { name: "Nome" }), name);
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("creates a tag with its name, colour and kanban flag when an admin adds it", async () => {
    const { calls } = mockFetch((call) => (call.method === "POST" ? jsonResponse({ ...stored, id: 9, name: "Urgente", kanban: 1 }) : undefined));
    const { user, onClose } = openDialog(null, true);
    await user.type(screen.getByRole("textbox", { name: "Nome" }), "Urgente");
    await user.click(screen.getByRole("switch", { name: "Usar como coluna do Kanban" }));
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ name: "Urgente", color: "#2ddd7f", kanban: 1 });
  });

  it("hides the kanban switch from a user-profile account and never sends the flag", async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === "GET" && call.path === "/tags/4") return jsonResponse(stored);
      if (call.method === "PUT") return jsonResponse({ ...stored, name: "Proposta enviada" });
      return undefined;
    });
    const { user, onClose } = openDialog(4, false);
    const name = await screen.findByRole("textbox", { name: "Nome" });
    expect(name).toHaveValue("Proposta");
    expect(screen.queryByRole("switch", { name: "Usar como coluna do Kanban" })).toBeNull();
    await user.clear(name);
    await user.type(name, "Proposta enviada");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({ path: "/tags/4", body: { name: "Proposta enviada", color: "#ff0000" } });
  });

  it("lets a supervisor switch the kanban flag alone: name and colour stay as they are", async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === "GET" && call.path === "/tags/4") return jsonResponse(stored);
      if (call.method === "PUT") return jsonResponse({ ...stored, kanban: 0 });
      return undefined;
    });
    const { user, onClose } = openDialog(4, true, true);
    const name = await screen.findByRole("textbox", { name: "Nome" });
    expect(name).toHaveAttribute("readonly");
    await user.type(name, " enviada");
    expect(name).toHaveValue("Proposta");
    await user.click(screen.getByRole("switch", { name: "Usar como coluna do Kanban" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({ path: "/tags/4", body: { name: "Proposta", color: "#ff0000", kanban: 0 } });
  });
});
