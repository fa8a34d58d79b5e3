import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { FilesPanel } from "./files-panel.tsx";

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

const option = (id: number, name: string) => ({ id, name, path: `/media/${id}.pdf`, mediaType: "application/pdf" });
const catalogo = { id: 4, name: "Catálogo", message: "Veja nosso catálogo", userId: 1, options: [option(40, "catalogo.pdf"), option(41, "precos.pdf")] };

function row(name: string) {
  const tr = screen.getByText(name, { selector: "td", exact: false }).closest("tr");
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
}

function renderPanel(profile: "admin" | "user") {
  const fetches = mockFetch((call) => {
    if (call.method === "GET" && call.path === "/files") return jsonResponse({ files: [catalogo], count: 1, hasMore: false });
    if (call.method === "GET" && call.path === "/files/4") return jsonResponse(catalogo);
    if (call.method === "POST" && call.path === "/files") return jsonResponse({ id: 9, userId: 1, options: [], ...(call.body as object) });
    if (call.method === "PUT" && call.path === "/files/4") {
      const body = call.body as { name: string; message: string; options: { id: number; name: string }[] };
      return jsonResponse({ ...catalogo, ...body, options: body.options.map((kept) => option(kept.id, kept.name)) });
    }
    if (call.method === "POST" && call.path === "/files/uploadList/9") return jsonResponse({ id: 9, name: "Promoção", message: "Confira", userId: 1, options: [option(90, "folheto.png")] });
    return undefined;
  });
  renderWithProviders(<FilesPanel actor={{ profile, isSuper: false }} />);
  return { ...fetches, user: userEvent.setup() };
}

describe("FilesPanel", () => {
  it("shows a user-profile account the file lists without add, edit or delete", async () => {
    renderPanel("user");
    await screen.findByText("Catálogo", { selector: "td", exact: false });
    expect(row("Catálogo").getByText("(2 arquivos)")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Adicionar lista de arquivos" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Editar: Catálogo" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir: Catálogo" })).not.toBeInTheDocument();
  });

  it("checks name and message (spec admin §5), then creates the list and uploads its files", async () => {
    const { user, calls } = renderPanel("admin");
    await screen.findByText("Catálogo", { selector: "td", exact: false });
    await user.click(screen.getByRole("button", { name: "Adicionar lista de arquivos" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar lista de arquivos" });
    await user.type(within(dialog).getByLabelText(/Nome/), "Pr");
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("nome muito curto")).toBeInTheDocument();
    expect(within(dialog).getByText("Obrigatório")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Nome/), "omoção");
    await user.type(within(dialog).getByLabelText(/Mensagem/), "Confira");
    fireEvent.change(screen.getByTestId("file-list-files"), { target: { files: [new File(["x"], "folheto.png"), new File(["y"], "velho.png")] } });
    await user.click(within(dialog).getByRole("button", { name: "Remover o arquivo velho.png" }));
    expect(within(dialog).getByText("folheto.png")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Adicionar" }));

    expect(await screen.findByText("Promoção", { selector: "td", exact: false })).toBeInTheDocument();
    expect(calls.find((call) => call.method === "POST" && call.path === "/files")?.body).toEqual({ name: "Promoção", message: "Confira", options: [] });
    const upload = calls.find((call) => call.path === "/files/uploadList/9");
    const sent = upload?.body instanceof FormData ? upload.body.getAll("file").map((file) => (file instanceof File ? file.name : "")) : [];
    expect(sent).toEqual(["folheto.png"]);
  });

  it("keeps the stored files by id, renamed, and leaves out a removed one", async () => {
    const { user, calls } = renderPanel("admin");
    await screen.findByText("Catálogo", { selector: "td", exact: false });
    await user.click(row("Catálogo").getByRole("button", { name: "Editar: Catálogo" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar lista de arquivos" });
    await within(dialog).findByDisplayValue("precos.pdf");
    await user.click(within(dialog).getByRole("button", { name: "Remover o arquivo catalogo.pdf" }));
    await user.clear(within(dialog).getByDisplayValue("precos.pdf"));
    await user.type(within(dialog).getAllByLabelText("Nome do arquivo")[0]!, "tabela.pdf");
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(row("Catálogo").getByText("(1 arquivo)")).toBeInTheDocument());
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({ name: "Catálogo", message: "Veja nosso catálogo", options: [{ id: 41, name: "tabela.pdf" }] });
    expect(calls.some((call) => call.path.startsWith("/files/uploadList"))).toBe(false);
  });

  it("reads the list again when a change arrives while its read is in flight, instead of showing what that read held", async () => {
    let answerFirstRead: (() => void) | undefined;
    let reads = 0;
    mockFetch((call) => {
      if (call.method !== "GET" || call.path !== "/files") return undefined;
      reads += 1;
      // The first read was answered by the server before the change; the event overtakes its answer.
      if (reads === 1) return new Promise<Response>((resolve) => (answerFirstRead = () => resolve(jsonResponse({ files: [catalogo], count: 1, hasMore: false }))));
      return jsonResponse({ files: [{ ...catalogo, name: "Catálogo 2027" }], count: 1, hasMore: false });
    });
    renderWithProviders(<FilesPanel actor={{ profile: "user", isSuper: false }} />);
    await waitFor(() => expect(answerFirstRead).toBeDefined());
    sockets.at(-1)!.receive("company-3-file", { action: "update", record: { ...catalogo, name: "Catálogo 2027" } });
    sockets.at(-1)!.receive("company-3-file", { action: "update", record: { ...catalogo, name: "Catálogo 2027" } });
    answerFirstRead!();
    expect(await screen.findByText("Catálogo 2027", { selector: "td", exact: false })).toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    expect(screen.queryByText(/^Catálogo$/, { selector: "td" })).not.toBeInTheDocument();
  });

  it("follows the file lists created, changed and deleted elsewhere", async () => {
    renderPanel("user");
    await screen.findByText("Catálogo", { selector: "td", exact: false });
    const socket = sockets.at(-1)!;
    socket.receive("company-3-file", { action: "create", record: { id: 7, name: "Cardápio", message: "Hoje", userId: 1, options: [] } });
    socket.receive("company-3-file", { action: "update", record: { ...catalogo, options: [option(40, "catalogo.pdf")] } });
    expect(await screen.findByText("Cardápio", { selector: "td", exact: false })).toBeInTheDocument();
    expect(row("Catálogo").getByText("(1 arquivo)")).toBeInTheDocument();
    socket.receive("company-3-file", { action: "delete", id: 4 });
    await waitFor(() => expect(screen.queryByText("Catálogo", { selector: "td", exact: false })).not.toBeInTheDocument());
  });
});
