import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { HelpsTab } from "./helps-tab.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const tickets = { id: 1, title: "Atendendo tickets", video: "dQw4w9WgXcQ", description: "Aceitar e resolver." };
const tags = { id: 2, title: "Etiquetas", video: "abcDEF_-123", description: "" };

function renderTab(answer: (call: FetchCall) => Response | undefined = () => undefined) {
  const fetch = mockFetch((call) => answer(call) ?? (call.method === "GET" && call.path === "/helps/list" ? jsonResponse([tickets, tags]) : undefined));
  renderWithProviders(<HelpsTab />);
  return { ...fetch, user: userEvent.setup() };
}

const titleField = () => screen.getByRole("textbox", { name: "Título" });
const videoField = () => screen.getByRole("textbox", { name: "Código do vídeo" });
const row = (title: string) => screen.getByRole("row", { name: `Editar o vídeo ${title}` });

describe("HelpsTab", () => {
  it("loads the help videos into the table", async () => {
    renderTab();
    expect(await screen.findByText("Atendendo tickets")).toBeInTheDocument();
    expect(within(row("Atendendo tickets")).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["Atendendo tickets", "dQw4w9WgXcQ", "Aceitar e resolver."]);
    expect(screen.getByRole("heading", { name: "Novo vídeo de ajuda" })).toBeInTheDocument();
  });

  it("loads a selected row into the form, and Salvar updates that video after the 500 ms delay", async () => {
    const { calls, user } = renderTab((call) => (call.method === "PUT" ? jsonResponse({ ...tickets, ...(call.body as object) }) : undefined));
    await user.click(await screen.findByText("Atendendo tickets"));
    expect(screen.getByRole("heading", { name: "Editando o vídeo Atendendo tickets" })).toBeInTheDocument();
    expect(titleField()).toHaveValue("Atendendo tickets");
    expect(videoField()).toHaveValue("dQw4w9WgXcQ");
    expect(document.querySelector(`label[for="${videoField().id}"]`)).toHaveAttribute("data-shrink", "true");

    await user.clear(titleField());
    await user.type(titleField(), "Atendimentos");
    const started = Date.now();
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1), { timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.path).toBe("/helps/1");
    expect(put.body).toEqual({ title: "Atendimentos", video: "dQw4w9WgXcQ", description: "Aceitar e resolver." });
    expect(await screen.findByText("Atendimentos")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Novo vídeo de ajuda" })).toBeInTheDocument();
  });

  it("Limpar resets the form to a new video, so that Salvar creates one", async () => {
    const { calls, user } = renderTab((call) => (call.method === "POST" ? jsonResponse({ description: "", ...(call.body as object), id: 9 }) : undefined));
    await user.click(await screen.findByText("Etiquetas"));
    expect(titleField()).toHaveValue("Etiquetas");
    await user.click(screen.getByRole("button", { name: "Limpar" }));
    expect(titleField()).toHaveValue("");
    expect(videoField()).toHaveValue("");
    expect(screen.queryByRole("button", { name: "Excluir" })).not.toBeInTheDocument();

    await user.type(titleField(), "Kanban");
    await user.type(videoField(), "KANBAN_vid1");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1), { timeout: 20_000 });
    expect(calls.find((call) => call.method === "POST")!.body).toEqual({ title: "Kanban", video: "KANBAN_vid1", description: "" });
    expect(await screen.findByText("Kanban")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);
  });

  it("refuses a video address in place of the code and sends nothing", async () => {
    const { calls, user } = renderTab();
    await screen.findByText("Etiquetas");
    await user.type(titleField(), "Kanban");
    await user.type(videoField(), "https://youtu.be/dQw4w9WgXcQ");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Informe o código de 11 caracteres do vídeo (letras, números, _ e -), não o endereço")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("shows its save failure text when the server refuses the video, and keeps the form", async () => {
    const { user } = renderTab((call) => (call.method === "POST" ? errorResponse(400, "ERR_VALIDATION") : undefined));
    await screen.findByText("Etiquetas");
    await user.type(titleField(), "Kanban");
    await user.type(videoField(), "KANBAN_vid1");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText("Não foi possível salvar o vídeo de ajuda. Verifique se o título e o código do vídeo foram preenchidos corretamente", undefined, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(titleField()).toHaveValue("Kanban");
  });

  it("shows the spec's load failure text when the videos cannot be loaded", async () => {
    renderTab((call) => (call.path === "/helps/list" ? errorResponse(403, "ERR_NO_PERMISSION") : undefined));
    expect(await screen.findAllByText("Não foi possível carregar a lista de registros")).not.toHaveLength(0);
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeInTheDocument();
  });

  it("deletes the selected video after a confirmation", async () => {
    const { calls, user } = renderTab((call) => (call.method === "DELETE" ? new Response(null, { status: 200 }) : undefined));
    await user.click(await screen.findByText("Etiquetas"));
    await user.click(screen.getByRole("button", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir vídeo de ajuda" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Etiquetas")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/helps/2"]);
  });
});
