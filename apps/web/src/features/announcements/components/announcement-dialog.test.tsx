import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { AnnouncementDialog } from "./announcement-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const created = {
  id: 12,
  title: "Manutenção",
  text: "Domingo às 2h",
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-01-01T10:00:00.000Z",
  updatedAt: "2026-01-01T10:00:00.000Z",
};

function openDialog(id: number | null = null) {
  const onClose = vi.fn();
  renderWithProviders(<AnnouncementDialog open announcementId={id} onClose={onClose} />);
  // The file picker's filter is a hint the browser may not honour: the dialog checks the name itself.
  return { onClose, user: userEvent.setup({ applyAccept: false }) };
}

describe("AnnouncementDialog", () => {
  it("requires a title and a text, with a message for each, and sends nothing", async () => {
    const { calls } = mockFetch(() => undefined);
    const { user, onClose } = openDialog();
    await user.type(screen.getByRole("textbox", { name: /Título/ }), "   ");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Informe o título do informativo.")).toBeInTheDocument();
    expect(screen.getByText("Informe o texto do informativo.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("creates an active, low-priority announcement by default, then uploads the chosen picture", async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === "POST" && call.path === "/announcements") return jsonResponse(created);
      if (call.method === "POST" && call.path === "/announcements/12/media-upload") return jsonResponse({ ...created, mediaPath: "/media/announcements/x.png", mediaName: "aviso.png" });
      return undefined;
    });
    const { user, onClose } = openDialog();
    expect(screen.getByRole("combobox", { name: "Prioridade" })).toHaveTextContent("Baixa");
    expect(screen.getByRole("switch", { name: "Ativo" })).toBeChecked();
    await user.type(screen.getByRole("textbox", { name: /Título/ }), "Manutenção");
    await user.type(screen.getByRole("textbox", { name: /Texto/ }), "Domingo às 2h");
    await user.upload(screen.getByTestId("announcement-file"), new File(["png"], "aviso.png", { type: "image/png" }));
    expect(screen.getByText("aviso.png")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.path)).toEqual(["/announcements", "/announcements/12/media-upload"]);
    expect(posts[0]?.body).toEqual({ title: "Manutenção", text: "Domingo às 2h", priority: 3, status: true });
  });

  it("sends the chosen priority and refuses a file that is not a .png, .jpg or .jpeg picture", async () => {
    const { calls } = mockFetch((call) => (call.method === "POST" && call.path === "/announcements" ? jsonResponse({ ...created, priority: 1 }) : undefined));
    const { user, onClose } = openDialog();
    await user.type(screen.getByRole("textbox", { name: /Título/ }), "Urgente");
    await user.type(screen.getByRole("textbox", { name: /Texto/ }), "Leia");
    await user.click(screen.getByRole("combobox", { name: "Prioridade" }));
    await user.click(await screen.findByRole("option", { name: "Alta" }));
    await user.upload(screen.getByTestId("announcement-file"), new File(["%PDF"], "contrato.pdf", { type: "application/pdf" }));
    expect(screen.getByText("contrato.pdf não é uma imagem .png, .jpg ou .jpeg.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const posts = calls.filter((call) => call.method === "POST");
    expect(posts.map((call) => call.path)).toEqual(["/announcements"]);
    expect(posts[0]?.body).toMatchObject({ priority: 1 });
  });
});
