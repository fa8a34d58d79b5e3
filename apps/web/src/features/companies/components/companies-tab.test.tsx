import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { CompaniesTab } from "./companies-tab.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const DAY = 86_400_000;
/** A due date `days` whole days away, an hour past the boundary so that the count cannot shift while the test runs. */
const inDays = (days: number) => new Date(Date.now() + days * DAY + Math.sign(days || 1) * 60 * 60_000).toISOString();
const ouro = { id: 2, name: "Ouro", users: 10, connections: 3, queues: 5, value: 199.9, storageQuotaMb: 5120, isPublic: true, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true };
const bronze = { ...ouro, id: 1, name: "Bronze" };

function company(id: number, name: string, dueDate: string | null, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name,
    email: `${name.toLowerCase().replace(/\W/g, "")}@example.com`,
    phone: "(11) 98765-4321",
    planId: 2,
    plan: { id: 2, name: "Ouro" },
    status: true,
    campaignsEnabled: true,
    dueDate,
    recurrence: "MENSAL",
    createdAt: "2024-03-05T14:07:00.000Z",
    trialExpiration: null,
    storage: { usedBytes: 1.2 * 1024 ** 3, quotaBytes: 5 * 1024 ** 3 },
    ...overrides,
  };
}

const provedor = company(1, "Provedor", inDays(300));
const amarela = company(2, "Amarela", inDays(5));
const laranja = company(3, "Laranja", inDays(-2), { status: false, campaignsEnabled: false });
const vermelha = company(4, "Vermelha", inDays(-6));
const semData = company(5, "Sem Data", null, { plan: null, planId: null, storage: { usedBytes: 2048, quotaBytes: null } });
const ALL = [amarela, laranja, provedor, semData, vermelha];
const counts = { users: 3, connections: 1, queues: 2, contacts: 40, tickets: 12, messages: 1234, schedules: 2, quickMessages: 5, tags: 4 };

function renderTab(answer: (call: FetchCall) => Response | undefined = () => undefined) {
  const fetch = mockFetch((call) => {
    const custom = answer(call);
    if (custom) return custom;
    if (call.method === "GET" && call.path === "/companies") {
      const term = call.url.searchParams.get("searchParam") ?? "";
      const list = ALL.filter((entry) => entry.name.toLowerCase().includes(term));
      return jsonResponse({ companies: list, count: list.length, hasMore: false });
    }
    if (call.method === "GET" && call.path === "/plans/all") return jsonResponse([bronze, ouro]);
    const detail = /^\/companies\/(\d+)$/.exec(call.path);
    if (call.method === "GET" && detail) {
      const found = ALL.find((entry) => entry.id === Number(detail[1]))!;
      return jsonResponse({ ...found, timezone: "America/Sao_Paulo", schedules: [], counts });
    }
    return undefined;
  });
  renderWithProviders(<CompaniesTab ownCompanyId={provedor.id} />);
  return { ...fetch, user: userEvent.setup() };
}

const row = (name: string) => screen.getByRole("row", { name: `Editar a empresa ${name}` });
const field = (name: string) => screen.getByRole("textbox", { name });

describe("CompaniesTab", () => {
  it("lists the companies with plan, status, campaigns and dates as dd/MM/yy HH:mm", async () => {
    renderTab();
    expect(await screen.findByText("Amarela")).toBeInTheDocument();
    const cells = within(row("Laranja")).getAllByRole("cell").map((cell) => cell.textContent);
    expect(cells.slice(0, 6)).toEqual(["Laranja", "laranja@example.com", "(11) 98765-4321", "Ouro", "Inativa", "Desabilitadas"]);
    expect(cells[6]).toMatch(/^\d{2}\/03\/24 \d{2}:07$/);
    expect(cells[7]).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{2}:\d{2}Venceu há 2 dia\(s\)$/);
    expect(cells[8]).toBe("1,2 GB de 5 GB");
    expect(within(row("Sem Data")).getByText("2 KB usados · sem limite")).toBeInTheDocument();
    expect(within(row("Sem Data")).getByText("Sem plano")).toBeInTheDocument();
  });

  it("tints the rows by the days to the due date: 5 yellow, -3 to 4 orange, -4 or worse red, otherwise none", async () => {
    renderTab();
    await screen.findByText("Amarela");
    const tones = Object.fromEntries(ALL.map((entry) => [entry.name, row(entry.name).getAttribute("data-due-tone")]));
    expect(tones).toEqual({ Amarela: "yellow", Laranja: "orange", Vermelha: "red", Provedor: "none", "Sem Data": "none" });
    expect(within(row("Amarela")).getByText("Vence em 5 dia(s)")).toBeInTheDocument();
  });

  it("loads a selected row into the form, and Salvar changes that company after the 400 ms delay", async () => {
    const { calls, user } = renderTab((call) => (call.method === "PUT" ? jsonResponse({ ...amarela, name: "Amarela Nova" }) : undefined));
    await user.click(await screen.findByText("Amarela"));
    expect(screen.getByRole("heading", { name: "Editando a empresa Amarela" })).toBeInTheDocument();
    expect(field("Nome")).toHaveValue("Amarela");
    expect(field("E-mail")).toHaveValue("amarela@example.com");
    await user.clear(field("Nome"));
    await user.type(field("Nome"), "Amarela Nova");
    const started = Date.now();
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1), { timeout: 20_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    const put = calls.find((call) => call.method === "PUT")!;
    expect(put.path).toBe("/companies/2");
    expect(put.body).toEqual({
      name: "Amarela Nova",
      email: "amarela@example.com",
      phone: "(11) 98765-4321",
      planId: 2,
      status: true,
      campaignsEnabled: true,
      dueDate: new Date(Math.floor(Date.parse(amarela.dueDate!) / 60_000) * 60_000).toISOString(),
      recurrence: "MENSAL",
    });
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Nova empresa" })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((call) => call.method === "GET" && call.path === "/companies").length).toBeGreaterThanOrEqual(2));
  });

  it("Renovar vencimento asks first, showing the due date before and after, and saves nothing when cancelled", async () => {
    const { calls, user } = renderTab((call) => (call.method === "PUT" ? jsonResponse(laranja) : undefined));
    await user.click(await screen.findByText("Laranja"));
    await user.click(screen.getByRole("button", { name: "Renovar vencimento" }));
    const dialog = await screen.findByRole("dialog", { name: "Renovar o vencimento?" });
    const [, from, to] = /passa de (\d{2}\/\d{2}\/\d{4}) para (\d{2}\/\d{2}\/\d{4})/.exec(dialog.textContent ?? "") ?? [];
    const [fromDay, fromMonth, fromYear] = from!.split("/").map(Number);
    const [, toMonth, toYear] = to!.split("/").map(Number);
    expect(dialog).toHaveTextContent(/^Renovar o vencimento\?O vencimento de Laranja passa de/);
    expect(fromDay).toBeGreaterThan(0);
    expect((toYear! * 12 + toMonth!) - (fromYear! * 12 + fromMonth!)).toBe(1);
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(0);
  });

  it("Renovar vencimento, once confirmed, saves the company asking for the renewal", async () => {
    const { calls, user } = renderTab((call) => (call.method === "PUT" ? jsonResponse(laranja) : undefined));
    await user.click(await screen.findByText("Laranja"));
    await user.click(screen.getByRole("button", { name: "Renovar vencimento" }));
    expect(calls.filter((call) => call.method === "PUT")).toHaveLength(0);
    await user.click(within(await screen.findByRole("dialog", { name: "Renovar o vencimento?" })).getByRole("button", { name: "Renovar" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "PUT")).toHaveLength(1), { timeout: 20_000 });
    expect(calls.find((call) => call.method === "PUT")!.body).toMatchObject({ name: "Laranja", renew: true, recurrence: "MENSAL" });
  });

  it("offers no renewal for a company without a due date, and only MENSAL as the recurrence", async () => {
    const { user } = renderTab();
    await user.click(await screen.findByText("Sem Data"));
    expect(screen.getByRole("button", { name: "Renovar vencimento" })).toBeDisabled();
    await user.click(screen.getByRole("combobox", { name: "Recorrência" }));
    expect((await screen.findAllByRole("option")).map((option) => option.textContent)).toEqual(["Mensal"]);
  });

  it("Limpar starts a new company, and Salvar creates it with the chosen plan and no due date", async () => {
    const { calls, user } = renderTab((call) => (call.method === "POST" ? jsonResponse({ ...company(9, "Padaria", null), invitation: "sent" }) : undefined));
    await user.click(await screen.findByText("Amarela"));
    await user.click(screen.getByRole("button", { name: "Limpar" }));
    expect(field("Nome")).toHaveValue("");
    expect(screen.getByRole("heading", { name: "Nova empresa" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Excluir" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Renovar vencimento" })).not.toBeInTheDocument();

    await user.type(field("Nome"), "Padaria");
    await user.type(field("E-mail"), "dona@padaria.example");
    await user.click(screen.getByRole("combobox", { name: "Plano" }));
    await user.click(await screen.findByRole("option", { name: "Bronze" }));
    await user.click(screen.getByRole("switch", { name: "Campanhas" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1), { timeout: 20_000 });
    expect(calls.find((call) => call.method === "POST")!.body).toEqual({
      name: "Padaria",
      email: "dona@padaria.example",
      phone: null,
      planId: 1,
      status: true,
      campaignsEnabled: false,
      dueDate: null,
      recurrence: "MENSAL",
    });
    expect(await screen.findByText(/Convite enviado para/)).toBeInTheDocument();
  });

  it("says so when the company was created but its admin's invitation could not be mailed", async () => {
    const { user } = renderTab((call) => (call.method === "POST" ? jsonResponse({ ...company(9, "Padaria", null), email: "dona@padaria.example", invitation: "failed" }) : undefined));
    await screen.findByText("Amarela");
    await user.type(field("Nome"), "Padaria");
    await user.type(field("E-mail"), "dona@padaria.example");
    await user.click(screen.getByRole("combobox", { name: "Plano" }));
    await user.click(await screen.findByRole("option", { name: "Bronze" }));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText(/o convite para dona@padaria.example não pôde ser enviado/, {}, { timeout: 20_000 })).toBeInTheDocument();
  });

  it("asks for a plan and a valid e-mail before sending anything", async () => {
    const { calls, user } = renderTab();
    await screen.findByText("Amarela");
    await user.type(field("Nome"), "Padaria");
    await user.type(field("E-mail"), "padaria");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("E-mail inválido")).toBeInTheDocument();
    expect(screen.getByText("Selecione um plano")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("shows the spec's save failure text when the server refuses the company, and keeps the form", async () => {
    const { user } = renderTab((call) => (call.method === "PUT" ? errorResponse(409, "ERR_DUPLICATED_COMPANY") : undefined));
    await user.click(await screen.findByText("Amarela"));
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(
      await screen.findByText("Não foi possível realizar a operação. Verifique se já existe uma empresa com o mesmo nome ou se os campos foram preenchidos corretamente", undefined, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(field("Nome")).toHaveValue("Amarela");
  });

  it("deletes the selected company after a confirmation that names it and counts what will be lost", async () => {
    const { calls, user } = renderTab((call) => (call.method === "DELETE" ? jsonResponse({ message: "Company deleted" }) : undefined));
    await user.click(await screen.findByText("Vermelha"));
    await user.click(screen.getByRole("button", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir empresa" });
    expect(dialog).toHaveTextContent("Excluir a empresa Vermelha e tudo o que ela contém?");
    const lost = await within(dialog).findByRole("list", { name: "Serão excluídos para sempre:" });
    const items = within(lost).getAllByRole("listitem").map((item) => item.textContent);
    expect(items).toEqual(["Usuários: 3", "Conexões: 1", "Filas: 2", "Contatos: 40", "Atendimentos: 12", "Mensagens: 1.234", "Agendamentos: 2", "Respostas rápidas: 5", "Tags: 4"]);
    expect(dialog).toHaveTextContent("e todos os arquivos de mídia da empresa");

    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "DELETE").map((call) => call.path)).toEqual(["/companies/4"]));
    expect(await screen.findByText("Operação realizada com sucesso!")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(field("Nome")).toHaveValue("");
  });

  it("shows 'Não foi possível realizar a operação' when the delete fails, and keeps the company selected", async () => {
    const { user } = renderTab((call) => (call.method === "DELETE" ? errorResponse(409, "ERR_LAST_SUPER") : undefined));
    await user.click(await screen.findByText("Vermelha"));
    await user.click(screen.getByRole("button", { name: "Excluir" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir empresa" });
    await within(dialog).findByRole("list");
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Não foi possível realizar a operação")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(field("Nome")).toHaveValue("Vermelha");
  });

  it("keeps the super user's own company from being disabled or deleted", async () => {
    const { user } = renderTab();
    await user.click(await screen.findByText("Provedor"));
    expect(screen.getByRole("switch", { name: "Ativa" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Excluir" })).toBeDisabled();
    expect(screen.getByText("Esta é a sua empresa: ela não pode ser desativada nem excluída.")).toBeInTheDocument();
    await user.click(screen.getByText("Amarela"));
    expect(screen.getByRole("switch", { name: "Ativa" })).toBeEnabled();
  });

  it("searches the companies after the typing pauses", async () => {
    const { calls, user } = renderTab();
    await screen.findByText("Amarela");
    await user.type(screen.getByRole("searchbox", { name: "Pesquisar" }), "VERM");
    await waitFor(() => expect(screen.queryByText("Amarela")).not.toBeInTheDocument(), { timeout: 20_000 });
    expect(await screen.findByText("Vermelha")).toBeInTheDocument();
    expect(calls.some((call) => call.path === "/companies" && call.url.searchParams.get("searchParam") === "verm")).toBe(true);
  });

  it("shows the spec's load failure text when the companies cannot be loaded", async () => {
    renderTab((call) => (call.method === "GET" && call.path === "/companies" ? errorResponse(500, "ERR_INTERNAL") : undefined));
    expect(await screen.findAllByText("Não foi possível carregar a lista de registros", undefined, { timeout: 20_000 })).not.toHaveLength(0);
  });
});
