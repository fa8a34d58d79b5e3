import type { DashboardResponse } from "@conversa/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { DashboardPanel } from "./dashboard-panel.tsx";

function dashboardAnswer(overrides: Partial<DashboardResponse["counters"]> = {}): DashboardResponse {
  return {
    period: { from: "2025-03-01", to: "2025-03-11", timezone: "America/Sao_Paulo" },
    counters: { supportHappening: 3, supportPending: 1, supportFinished: 4, avgSupportTime: 190, avgWaitTime: 13.6, campaignMessagesSent: 12, ...overrides },
    attendants: [
      { id: 1, name: "Beto Atendente", rating: 1, avgSupportTime: 420, online: true },
      { id: 2, name: "Carla Lima", rating: 2.5, avgSupportTime: 75, online: true },
      { id: 3, name: "Davi Rocha", rating: null, avgSupportTime: null, online: false },
    ],
  };
}

const ticketsDay = {
  granularity: "day",
  count: 7,
  data: [
    { data: "2025-03-10", total: 4 },
    { data: "2025-03-11", total: 3 },
  ],
};

function serve(options: { dashboard?: DashboardResponse; charts?: "ok" | "fail" } = {}) {
  return mockFetch((call: FetchCall) => {
    if (call.path === "/dashboard") return jsonResponse(options.dashboard ?? dashboardAnswer());
    if (options.charts === "fail" && call.path.startsWith("/dashboard/")) return errorResponse(400, "ERR_VALIDATION");
    if (call.path === "/dashboard/ticketsDay") return jsonResponse(ticketsDay);
    if (call.path === "/dashboard/ticketsUsers") return jsonResponse({ data: [{ nome: "Carla Lima", quantidade: 3 }, { nome: "Beto Atendente", quantidade: 2 }] });
    return undefined;
  });
}

const card = (name: string) => screen.getByRole("region", { name });

describe("DashboardPanel", () => {
  it("shows the counters as cards, times as HHh MMm, and the attendants with rating and status", async () => {
    serve();
    renderWithProviders(<DashboardPanel />);

    await screen.findByRole("region", { name: "Em atendimento" });
    expect(card("Em atendimento")).toHaveTextContent("3");
    expect(card("Aguardando")).toHaveTextContent("1");
    expect(card("Finalizados")).toHaveTextContent("4");
    expect(card("Mensagens de campanha enviadas")).toHaveTextContent("12");
    expect(card("Tempo médio de atendimento")).toHaveTextContent("03h 10m");
    expect(card("Tempo médio de espera")).toHaveTextContent("00h 14m");
    expect(screen.queryByRole("region", { name: "Conexões ativas" })).not.toBeInTheDocument();
    expect(screen.getByText("De 01/03/2025 a 11/03/2025")).toBeInTheDocument();

    const table = within(screen.getByRole("table", { name: "Atendentes" }));
    const carla = within(table.getByRole("cell", { name: "Carla Lima" }).closest("tr")!);
    expect(carla.getByRole("img", { name: "Avaliação 2,5 de 3" })).toBeInTheDocument();
    expect(carla.getByText("01h 15m")).toBeInTheDocument();
    expect(carla.getByText("Online")).toBeInTheDocument();
    const davi = within(table.getByRole("cell", { name: "Davi Rocha" }).closest("tr")!);
    expect(davi.getByLabelText("Sem avaliações no período")).toBeInTheDocument();
    expect(davi.getByText("Offline")).toBeInTheDocument();
  });

  it("shows Active Connections and Companies when the server sends them (super users)", async () => {
    serve({ dashboard: dashboardAnswer({ totalWhatsappSessions: 5, totalCompanies: 12 }) });
    renderWithProviders(<DashboardPanel />);

    expect(await screen.findByRole("region", { name: "Conexões ativas" })).toHaveTextContent("5");
    expect(card("Empresas")).toHaveTextContent("12");
  });

  it("asks for the last N days (and the charts again), and says 'Parametrize o filtro' without calling when the dates are incomplete", async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderWithProviders(<DashboardPanel />);
    await screen.findByRole("region", { name: "Em atendimento" });
    expect(calls.find((call) => call.path === "/dashboard")?.url.searchParams.has("date_from")).toBe(true);

    await screen.findByRole("figure", { name: /^Atendimentos por atendente: 5/ });
    const chartCalls = () => calls.filter((call) => call.path === "/dashboard/ticketsUsers").length;
    const chartCallsBefore = chartCalls();
    await user.click(screen.getByRole("combobox", { name: "Período" }));
    await user.click(screen.getByRole("option", { name: "Últimos 7 dias" }));
    await user.click(screen.getByRole("button", { name: "Filtrar" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/dashboard" && call.url.searchParams.get("days") === "7")).toBe(true));
    // The charts keep their own dates but are asked again, so every figure on the page is fresh.
    await waitFor(() => expect(chartCalls()).toBeGreaterThan(chartCallsBefore));

    await user.click(screen.getByRole("combobox", { name: "Período" }));
    await user.click(screen.getByRole("option", { name: "Intervalo de datas" }));
    await user.clear(screen.getAllByLabelText("Data inicial")[0]!);
    const before = calls.length;
    await user.click(screen.getByRole("button", { name: "Filtrar" }));
    expect(await screen.findByText("Parametrize o filtro")).toBeInTheDocument();
    expect(calls.slice(before).some((call) => call.path === "/dashboard")).toBe(false);
  });

  it("shows each chart's total and asks again when its dates change", async () => {
    const { calls } = serve();
    renderWithProviders(<DashboardPanel />);

    expect(await screen.findByRole("figure", { name: "Atendimentos por dia: 7 atendimentos" })).toHaveAttribute("data-total", "7");
    expect(await screen.findByRole("figure", { name: "Atendimentos por atendente: 5 atendimentos" })).toBeInTheDocument();

    const chart = within(screen.getByRole("region", { name: "Atendimentos por dia" }));
    fireEvent.change(chart.getByLabelText("Data inicial"), { target: { value: "2025-03-10" } });
    // More than 366 days up to today: refused until the end date comes closer.
    expect(await chart.findByText("Período inválido")).toBeInTheDocument();
    fireEvent.change(chart.getByLabelText("Data final"), { target: { value: "2025-03-10" } });
    await waitFor(() =>
      expect(calls.some((call) => call.path === "/dashboard/ticketsDay" && call.url.searchParams.get("initialDate") === "2025-03-10" && call.url.searchParams.get("finalDate") === "2025-03-10")).toBe(true),
    );
    expect(chart.queryByText("Período inválido")).not.toBeInTheDocument();
  });

  it("says 'Erro ao obter informações da conversa' when a chart cannot be loaded", async () => {
    serve({ charts: "fail" });
    renderWithProviders(<DashboardPanel />);

    expect(await screen.findByText("Erro ao obter informações da conversa")).toBeInTheDocument();
  });
});
