import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { PlansTab } from "./plans-tab.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const FLAGS = { useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: false, useKanban: true, useOpenAi: false, useIntegrations: false };
const ouro = { id: 2, name: "Ouro", users: 10, connections: 3, queues: 5, value: 199.9, storageQuotaMb: 5120, isPublic: true, ...FLAGS };
const bronze = { id: 1, name: "Bronze", users: 2, connections: 1, queues: 1, value: 49, storageQuotaMb: 5120, isPublic: false, ...FLAGS, useKanban: false };

function renderTab(answer: (call: FetchCall) => Response | undefined = () => undefined) {
  const fetch = mockFetch((call) => answer(call) ?? (call.method === "GET" && call.path === "/plans/all" ? jsonResponse([bronze, ouro]) : undefined));
  renderWithProviders(<PlansTab />);
  return { ...fetch, user: userEvent.setup() };
}

const nameField = () => screen.getByRole("textbox", { name: "Nome" });
const row = (name: string) => screen.getByRole("row", { name: `Editar o plano ${name}` });

describe("PlansTab", () => {
  it("loads the plans into the table, prices in BRL with 2 decimals and the features on", async () => {
    renderTab();
    expect(await screen.findByText("Ouro")).toBeInTheDocument();
    const cells = within(row("Ouro")).getAllByRole("cell").map((cell) => cell.textContent?.replace(/\s/g, " "));
    expect(cells).toEqual(["Ouro", "10", "3", "5", "R$ 199,90", "5 GB", "Campanhas, Kanban, Agendamentos, Chat interno"]);
    expect(within(row("Bronze")).getByText(/R\$\s49,00/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Novo plano" })).toBeInTheDocument();
  });

  it("loads a selected row into the form, and Salvar updates that plan after the 500 ms delay", async () => {
    const { calls, user } = renderTab((call) => (call.method === "PUT" ? jsonResponse({ ...ouro, ...(call.body as object) }) : undefined));
    await user.click(await screen.findByText("Ouro"));
    expect(screen.getByRole("heading", { name: "Editando o plano Ouro" })).toBeInTheDocument();
    expect(nameField()).toHaveValue("Ouro");
    // The label moves above the loaded value instead of covering it.
    expect(document.querySelector(`label[for="${nameField().id}"]`)).toHaveAttribute("data-shrink", "true");
    expect(screen.getByRole("textbox", { name: "Valor (R$)" })).toHaveValue("199.90");
    expect(screen.getByRole("textbox", { name: "Armazenamento (MB)" })).toHaveValue("5120");
    expect(screen.getByRole("switch", { name: "Kanban" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "OpenAI" })).not.toBeChecked();

    await user.clear(nameField());
    await user.type(nameField(), "Ouro Plus");
    await user.click(screen.getByRole("switch", { name: "OpenAI" }));
    expect(screen.getByRole("switch", { name: /^Público/ })).toBeChecked();
    await user.click(screen.getByRole("switch", { name: /^Público/ }));
    await user.clear(screen.getByRole("textbox", { name: "Armazenamento (MB)" }));
    await user.type(screen.getByRole("textbox", { name: "Armazenamento (MB)" }), "10240");
    const started = Date.now();
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1), { timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(490);
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.path).toBe("/plans/2");
    expect(put.body).toEqual({ name: "Ouro Plus", users: 10, connections: 3, queues: 5, value: 199.9, storageQuotaMb: 10240, isPublic: false, ...FLAGS, useOpenAi: true });
    expect(await screen.findByText("Ouro Plus")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Novo plano" })).toBeInTheDocument();
  });

  it("Limpar resets the form to a new plan, so that Salvar creates one", async () => {
    const { calls, user } = renderTab((call) => (call.method === "POST" ? jsonResponse({ ...(call.body as object), id: 9 }) : undefined));
    await user.click(await screen.findByText("Ouro"));
    expect(nameField()).toHaveValue("Ouro");
    await user.click(screen.getByRole("button", { name: "Limpar" }));
    expect(nameField()).toHaveValue("");
    expect(screen.getByRole("heading", { name: "Novo plano" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir" })).not.toBeInTheDocument();

    await user.type(nameField(), "Prata");
    const value = screen.getByRole("textbox", { name: "Valor (R$)" });
    await user.clear(value);
    await user.type(value, "89,9");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1), { timeout: 20_000 });
    expect(calls.find((call) => call.method === "POST")!.body).toMatchObject({ name: "Prata", value: 89.9, users: 0, storageQuotaMb: 5120, isPublic: true, useIntegrations: true });
    expect(await screen.findByText("Prata")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);
  });

  it("refuses a price with 3 decimals and sends nothing", async () => {
    const { calls, user } = renderTab();
    await screen.findByText("Ouro");
    await user.type(nameField(), "Prata");
    const value = screen.getByRole("textbox", { name: "Valor (R$)" });
    await user.clear(value);
    await user.type(value, "10,555");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Informe um valor em reais, com até 2 casas decimais (ex.: 99,90)")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("shows the spec's save failure text when the server refuses the plan, and keeps the form", async () => {
    const { user } = renderTab((call) => (call.method === "POST" ? errorResponse(409, "ERR_DUPLICATED_PLAN") : undefined));
    await screen.findByText("Ouro");
    await user.type(nameField(), "Ouro");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText("Não foi possível realizar a operação. Verifique se já existe uma plano com o mesmo nome ou se os campos foram preenchidos corretamente", undefined, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(nameField()).toHaveValue("Ouro");
  });

  it("shows the spec's load failure text when the plans cannot be loaded", async () => {
    renderTab((call) => (call.path === "/plans/all" ? errorResponse(403, "ERR_NO_PERMISSION") : undefined));
    expect(await screen.findAllByText("Não foi possível carregar a lista de registros")).not.toHaveLength(0);
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeInTheDocument();
  });

  it("deletes the selected plan after a confirmation", async () => {
    const { calls, user } = renderTab((call) => (call.method === "DELETE" ? new Response(null, { status: 200 }) : undefined));
    await user.click(await screen.findByText("Bronze"));
    await user.click(screen.getByRole("button", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir plano" });
    expect(dialog).toHaveTextContent("Excluir o plano Bronze?");
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Bronze")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/plans/1"]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(nameField()).toHaveValue("");
  });
});
