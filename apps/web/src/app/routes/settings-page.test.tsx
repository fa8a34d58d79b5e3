import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { companyPlan, sessionUser } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

function signedIn(user: ReturnType<typeof sessionUser>) {
  localStorage.setItem("token", "access-1");
  localStorage.setItem("userId", String(user.id));
  localStorage.setItem("companyId", String(user.companyId));
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(user);
    if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
    if (call.path === "/version") return jsonResponse({ version: "4.8.2" });
    if (call.path === "/settings") return jsonResponse([]);
    if (call.path === "/plans/all") return jsonResponse([{ id: 1, name: "Ouro", users: 10, connections: 3, queues: 5, value: 199.9, storageQuotaMb: 5120, isPublic: true, useCampaigns: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useKanban: true, useOpenAi: true, useIntegrations: true }]);
    if (call.path === "/helps/list") return jsonResponse([{ id: 1, title: "Atendendo tickets", video: "dQw4w9WgXcQ", description: "" }]);
    if (call.path === "/installation-settings") return jsonResponse([{ key: "signupEnabled", value: "true" }, { key: "auditRetentionDays", value: "365" }]);
    if (call.path === "/installation-settings/auditRetentionDays" && call.method === "PUT") return jsonResponse({ key: "auditRetentionDays", value: "730" });
    if (call.path === "/installation-settings/signupEnabled" && call.method === "PUT") return jsonResponse({ key: "signupEnabled", value: "false" });
    return undefined;
  });
}

describe("/settings", () => {
  it("offers a super user the Planos tab with the plans", async () => {
    signedIn(sessionUser({ super: true }));
    renderApp("/settings");
    await userEvent.setup().click(await screen.findByRole("tab", { name: "Planos" }));
    expect(await screen.findByText("Ouro")).toBeInTheDocument();
  });

  it("offers a super user the Ajuda tab with the help videos", async () => {
    signedIn(sessionUser({ super: true }));
    renderApp("/settings");
    await userEvent.setup().click(await screen.findByRole("tab", { name: "Ajuda" }));
    expect(await screen.findByText("Atendendo tickets")).toBeInTheDocument();
  });

  it("has no Planos or Ajuda tab and no Instalação section for an admin who is not a super user", async () => {
    const { calls } = signedIn(sessionUser({ super: false }));
    renderApp("/settings");
    expect(await screen.findByRole("tab", { name: "Opções" })).toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Planos" })).not.toBeInTheDocument();
    expect(screen.queryByRole("tab", { name: "Ajuda" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Instalação" })).not.toBeInTheDocument();
    expect(screen.queryByRole("switch", { name: "Cadastro público" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith("/plans") || call.path.startsWith("/helps") || call.path.startsWith("/installation-settings"))).toBe(false);
  });

  it("lets a super user close public sign-up from the Instalação section of the Options tab", async () => {
    const { calls } = signedIn(sessionUser({ super: true }));
    renderApp("/settings");
    expect(await screen.findByRole("heading", { name: "Instalação" })).toBeInTheDocument();
    const signup = await screen.findByRole("switch", { name: "Cadastro público" });
    expect(signup).toBeChecked();

    await userEvent.setup().click(signup);

    expect(await screen.findByText("Operação atualizada com sucesso.")).toBeInTheDocument();
    expect(screen.getByRole("switch", { name: "Cadastro público" })).not.toBeChecked();
    expect(calls.find((call) => call.method === "PUT" && call.path === "/installation-settings/signupEnabled")?.body).toEqual({ value: "false" });
  });

  it("lets a super user change the audit log's retention, refusing a value outside 30 to 3650 days", async () => {
    const { calls } = signedIn(sessionUser({ super: true }));
    const user = userEvent.setup();
    renderApp("/settings");
    const retention = await screen.findByRole("spinbutton", { name: "Retenção da auditoria (dias)" }, { timeout: 20_000 });
    expect(retention).toHaveValue(365);
    expect(screen.getByText(/removidos diariamente/)).toBeInTheDocument();

    await user.clear(retention);
    await user.type(retention, "10");
    expect(screen.getByText("Informe um número inteiro de 30 a 3650.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Salvar" })).toBeDisabled();

    await user.clear(retention);
    await user.type(retention, "730");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    expect(await screen.findByText("Operação atualizada com sucesso.")).toBeInTheDocument();
    expect(calls.find((call) => call.method === "PUT" && call.path === "/installation-settings/auditRetentionDays")?.body).toEqual({ value: "730" });
  });
});
