import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import type { QuickMessageActor } from "../utils/quick-message-permissions.ts";
import { QuickMessageDialog } from "./quick-message-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const agent: QuickMessageActor = { profile: "user", isSuper: false, userId: 7 };
const admin: QuickMessageActor = { profile: "admin", isSuper: false, userId: 1 };
const created = { id: 12, shortcode: "pix", message: "Chave Pix", geral: false, status: true, isMedia: false, mediaPath: null, mediaName: null, userId: 7 };

function openDialog(id: number | null, actor: QuickMessageActor) {
  const onClose = vi.fn();
  renderWithProviders(<QuickMessageDialog open quickMessageId={id} actor={actor} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

describe("QuickMessageDialog", () => {
  it("requires a shortcode ('Obrigatório') and sends nothing", async () => {
    const { calls } = mockFetch(() => undefined);
    const { user, onClose } = openDialog(null, agent);
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Obrigatório")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("creates the reply, then uploads the chosen file, shown without spaces in its name", async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === "POST" && call.path === "/quick-messages") return jsonResponse(created);
      if (call.method === "POST" && call.path === "/quick-messages/12/media-upload") return jsonResponse({ ...created, isMedia: true, mediaPath: "/media/x.png", mediaName: "tabela_de_preços.png" });
      return undefined;
    });
    const { user, onClose } = openDialog(null, agent);
    await user.type(screen.getByRole("textbox", { name: "Atalho" }), "pix");
    await user.type(screen.getByRole("textbox", { name: "Mensagem" }), "Chave Pix");
    await user.upload(screen.getByTestId("quick-message-file"), new File(["png"], "tabela de preços.png", { type: "image/png" }));
    expect(screen.getByText("tabela_de_preços.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.path)).toEqual(["/quick-messages", "/quick-messages/12/media-upload"]);
    expect(posts[0]?.body).toEqual({ shortcode: "pix", message: "Chave Pix", geral: false });
    const form = posts[1]?.body;
    expect(form instanceof FormData ? form.get("file") : null).toBeInstanceOf(File);
  });

  it("after a failed upload, saving again changes the created reply instead of creating another", async () => {
    let uploads = 0;
    const { calls } = mockFetch((call) => {
      if (call.method === "POST" && call.path === "/quick-messages") return jsonResponse(created);
      if (call.method === "PUT" && call.path === "/quick-messages/12") return jsonResponse(created);
      if (call.path === "/quick-messages/12/media-upload") {
        uploads += 1;
        return uploads === 1 ? errorResponse(400, "ERR_MEDIA_TYPE_NOT_ALLOWED") : jsonResponse({ ...created, isMedia: true, mediaPath: "/media/x.pdf", mediaName: "a.pdf" });
      }
      return undefined;
    });
    const { user, onClose } = openDialog(null, agent);
    await user.type(screen.getByRole("textbox", { name: "Atalho" }), "pix");
    await user.upload(screen.getByTestId("quick-message-file"), new File(["%PDF-"], "a.pdf", { type: "application/pdf" }));
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Este tipo de arquivo não é permitido.")).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.path === "/quick-messages").map((call) => call.method)).toEqual(["POST"]);
    expect(calls.some((call) => call.method === "PUT" && call.path === "/quick-messages/12")).toBe(true);
  });

  it("lets an admin edit someone else's shared reply but not make it personal, and removes its attachment", async () => {
    const shared = { ...created, geral: true, isMedia: true, mediaPath: "/media/x.png", mediaName: "x.png" };
    const { calls } = mockFetch((call) => {
      if (call.method === "GET" && call.path === "/quick-messages/12") return jsonResponse(shared);
      if (call.method === "PUT") return jsonResponse(shared);
      if (call.method === "DELETE" && call.path === "/quick-messages/12/media-upload") return jsonResponse({ ...shared, isMedia: false, mediaPath: null, mediaName: null });
      return undefined;
    });
    const { user, onClose } = openDialog(12, admin);
    expect(await screen.findByRole("textbox", { name: "Atalho" })).toHaveValue("pix");
    expect(screen.getByRole("switch", { name: "Geral (compartilhada com a empresa)" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Remover o anexo x.png" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`)).toEqual(["PUT /quick-messages/12", "DELETE /quick-messages/12/media-upload"]);
  });
});
