import { SETTING_DEFINITIONS, type Setting } from "@conversa/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type FetchCall, errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { z } from "zod";
import { SettingsPanel } from "./settings-panel.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const ZSchedulesBody = z.object({ schedules: z.array(z.object({ weekday: z.string(), weekdayEn: z.string(), startTime: z.string(), endTime: z.string() })) });

const admin = { profile: "admin", isSuper: false } as const;
const agent = { profile: "user", isSuper: false } as const;

function settingsList(overrides: Record<string, Partial<Setting>> = {}): Setting[] {
  return Object.entries(SETTING_DEFINITIONS).map(([key, def]) => ({ key, value: def.secret ? "" : def.default, ...(def.secret ? { hasValue: false } : {}), ...overrides[key] }));
}

function serve(settings: Setting[], extra: (call: FetchCall) => Response | Promise<Response | undefined> | undefined = () => undefined) {
  return mockFetch(async (call) => {
    if (call.method === "GET" && call.path === "/settings") return jsonResponse(settings);
    const answer = await extra(call);
    if (answer) return answer;
    if (call.method === "PUT" && call.path.startsWith("/settings/")) {
      const body = z.object({ key: z.string(), value: z.string() }).parse(call.body);
      return jsonResponse({ key: body.key, value: body.value });
    }
    return errorResponse(404, "ERR_NOT_FOUND");
  });
}

const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === "PUT").map((call) => ({ path: call.path, body: call.body }));

describe("SettingsPanel", () => {
  it("sends a switched setting at once, says 'Atualizando...', then 'Operação atualizada com sucesso.'", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { calls } = serve(settingsList(), async (call) => {
      await gate;
      return call.method === "PUT" ? jsonResponse({ key: "userRating", value: "enabled" }) : undefined;
    });
    renderWithProviders(<SettingsPanel actor={admin} companyId={3} />);
    const user = userEvent.setup();

    const rating = await screen.findByRole("switch", { name: "Avaliações" });
    expect(rating).not.toBeChecked();
    await user.click(rating);

    expect(await screen.findByText("Atualizando...")).toBeInTheDocument();
    expect(rating).toBeChecked();
    release();
    expect(await screen.findByText("Operação atualizada com sucesso.")).toBeInTheDocument();
    expect(puts(calls)).toEqual([{ path: "/settings/userRating", body: { key: "userRating", value: "enabled" } }]);
  });

  it.each([
    ["company", "Suporte"],
    ["queue", "Vendas"],
  ])("warns the admin while hours by %s are on and a message for out of hours is empty", async (scheduleType, named) => {
    serve(settingsList({ scheduleType: { value: scheduleType } }));
    renderWithProviders(<SettingsPanel actor={admin} companyId={3} outOfHoursGaps={{ company: ["Suporte"], queue: ["Vendas"] }} />);
    expect(
      await screen.findByText(`O horário de atendimento está ativo, mas sem mensagem de fora de expediente em: ${named}. Fora do horário, o cliente não recebe resposta.`),
    ).toBeInTheDocument();
  });

  it("does not warn while hours are off", async () => {
    serve(settingsList());
    renderWithProviders(<SettingsPanel actor={admin} companyId={3} outOfHoursGaps={{ company: ["Suporte"], queue: ["Vendas"] }} />);
    expect(await screen.findByRole("switch", { name: "Avaliações" })).toBeInTheDocument();
    expect(screen.queryByText(/sem mensagem de fora de expediente/)).not.toBeInTheDocument();
  });

  it("shows every setting disabled to a user-profile account", async () => {
    serve(settingsList());
    renderWithProviders(<SettingsPanel actor={agent} companyId={3} />);
    expect(await screen.findByText("Somente administradores podem alterar as configurações.")).toBeInTheDocument();
    for (const toggle of screen.getAllByRole("switch")) expect(toggle).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "IP do IXC" })).toBeDisabled();
  });

  it("shows the Horarios tab only while scheduleType is company, and saves the week there", async () => {
    const company = { id: 3, name: "Acme", planId: 1, dueDate: null, timezone: "America/Sao_Paulo", schedules: [] };
    const { calls } = serve(settingsList(), (call) => {
      if (call.method === "GET" && call.path === "/companies/3") return jsonResponse(company);
      if (call.method === "PUT" && call.path === "/companies/3/schedules") return jsonResponse({ ...company, ...ZSchedulesBody.parse(call.body) });
      return undefined;
    });
    renderWithProviders(<SettingsPanel actor={admin} companyId={3} />);
    const user = userEvent.setup();

    await screen.findByRole("switch", { name: "Avaliações" });
    expect(screen.queryByRole("tab", { name: "Horários" })).toBeNull();
    await user.click(screen.getByRole("combobox", { name: "Gerenciamento de expediente" }));
    await user.click(within(await screen.findByRole("listbox")).getByRole("option", { name: "Empresa" }));
    await user.click(await screen.findByRole("tab", { name: "Horários" }));

    const saturdayEnd = await screen.findByLabelText("Sábado Fim");
    fireEvent.change(saturdayEnd, { target: { value: "14:00" } });
    await user.click(screen.getByRole("button", { name: "Salvar horários" }));

    await waitFor(() => expect(calls.some((call) => call.path === "/companies/3/schedules")).toBe(true));
    const saved = ZSchedulesBody.parse(calls.find((call) => call.path === "/companies/3/schedules")?.body);
    expect(saved.schedules).toHaveLength(7);
    expect(saved.schedules.find((day) => day.weekdayEn === "saturday")?.endTime).toBe("14:00");
    expect(puts(calls)[0]).toEqual({ path: "/settings/scheduleType", body: { key: "scheduleType", value: "company" } });
  });

  it("never shows a stored secret, replaces it when something is typed, and keeps it when the field is left empty", async () => {
    const { calls } = serve(settingsList({ asaas: { hasValue: true } }));
    renderWithProviders(<SettingsPanel actor={admin} companyId={3} />);
    const user = userEvent.setup();

    const token = await screen.findByLabelText("Token do Asaas");
    expect(token).toHaveValue("");
    expect(token).toHaveAttribute("placeholder", "•••••••• (salvo)");
    await user.click(token);
    await user.tab();
    expect(puts(calls)).toEqual([]);

    await user.type(token, "novo-token{Enter}");
    await waitFor(() => expect(puts(calls)).toEqual([{ path: "/settings/asaas", body: { key: "asaas", value: "novo-token" } }]));
  });

  it("shows the default country code (55 when the company has none stored) and saves a new one", async () => {
    const { calls } = serve(settingsList().filter((setting) => setting.key !== "defaultCountryCode"));
    renderWithProviders(<SettingsPanel actor={admin} companyId={3} />);
    const user = userEvent.setup();

    const code = await screen.findByRole("textbox", { name: "Código do país padrão" });
    expect(code).toHaveValue("55");
    await user.clear(code);
    await user.type(code, "351{Enter}");
    await waitFor(() => expect(puts(calls)).toEqual([{ path: "/settings/defaultCountryCode", body: { key: "defaultCountryCode", value: "351" } }]));
  });
});
