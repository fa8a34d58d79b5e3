import type { AuditLog } from "@conversa/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { errorResponse, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { companyPlan, sessionUser } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

function auditLog(overrides: Partial<AuditLog> = {}): AuditLog {
  return {
    id: 41,
    createdAt: "2026-03-10T14:30:00.000Z",
    companyId: 3,
    companyName: "Acme",
    actorKind: "user",
    userId: 8,
    userName: "Bruno Lima",
    action: "settings.update",
    targetType: "setting",
    targetId: "userRating",
    ip: "203.0.113.9",
    changes: { value: { before: "disabled", after: "enabled" } },
    ...overrides,
  };
}

function signedIn(user: ReturnType<typeof sessionUser>, logs: AuditLog[] | "fail" = [auditLog()]) {
  localStorage.setItem("token", "access-1");
  localStorage.setItem("userId", String(user.id));
  localStorage.setItem("companyId", String(user.companyId));
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(user);
    if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
    if (call.path === "/version") return jsonResponse({ version: "4.8.2" });
    if (call.path === "/settings") return jsonResponse([]);
    if (call.path === "/users/list") return jsonResponse([{ id: 7, name: "Ana Souza" }, { id: 8, name: "Bruno Lima" }]);
    if (call.path === "/companies/list") return jsonResponse([{ id: 3, name: "Acme" }, { id: 4, name: "Beta" }]);
    if (call.path === "/audit-logs") {
      if (logs === "fail") return errorResponse(500, "ERR_INTERNAL");
      return jsonResponse({ records: logs, count: logs.length, hasMore: false });
    }
    if (call.path === "/audit-logs/export") return new Response("\uFEFFData;Autor\n", { headers: { "Content-Type": "text/csv" } });
    return undefined;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** The page is loaded on demand: its first render may take a while on a busy machine. */
const LOAD = { timeout: 20_000 };

describe("/audit", () => {
  it("shows an admin the company's entries without a company column, with the actor, action, target and changes", async () => {
    signedIn(sessionUser({ super: false }));
    renderApp("/audit");

    const table = await screen.findByRole("table", { name: "Auditoria" }, LOAD);
    const row = (await within(table).findByText("Bruno Lima")).closest("tr");
    expect(row).not.toBeNull();
    const cells = within(row!);
    expect(cells.getByText("Configuração alterada")).toBeInTheDocument();
    expect(cells.getByText("setting #userRating")).toBeInTheDocument();
    expect(cells.getByText("203.0.113.9")).toBeInTheDocument();
    expect(cells.getByText("enabled")).toBeInTheDocument();
    expect(within(table).queryByRole("columnheader", { name: "Empresa" })).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Empresa" })).not.toBeInTheDocument();
  });

  it("tags entries of a provider and of the system", async () => {
    signedIn(sessionUser({ super: true }), [
      auditLog({ id: 1, actorKind: "provider", userName: "Suporte" }),
      auditLog({ id: 2, actorKind: "system", userId: null, userName: null, action: "company.delete", companyId: null, companyName: null }),
    ]);
    renderApp("/audit");

    const table = await screen.findByRole("table", { name: "Auditoria" }, LOAD);
    expect(await within(table).findByText("Provedor")).toBeInTheDocument();
    expect(within(table).getByText("Sistema")).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Empresa" })).toBeInTheDocument();
    expect(within(table).getByText("Instalação")).toBeInTheDocument();
  });

  it("sends the chosen filters in the list's query", async () => {
    const { calls } = signedIn(sessionUser({ super: true }));
    const user = userEvent.setup();
    renderApp("/audit");
    await screen.findByText("Bruno Lima", { selector: "td span" }, LOAD);

    await user.click(screen.getByRole("combobox", { name: "Ação" }));
    await user.click(await screen.findByRole("option", { name: "Configuração alterada" }));
    await user.click(screen.getByRole("combobox", { name: "Autor" }));
    await user.click(await screen.findByRole("option", { name: "Bruno Lima" }));
    await user.click(screen.getByRole("combobox", { name: "Empresa" }));
    await user.click(await screen.findByRole("option", { name: "Beta" }));
    await user.type(screen.getByRole("textbox", { name: "Id do alvo" }), "userRating");

    await waitFor(() => {
      const last = calls.filter((call) => call.path === "/audit-logs").at(-1);
      expect(Object.fromEntries(last!.url.searchParams)).toEqual({ pageNumber: "1", action: "settings.update", userId: "8", companyId: "4", targetId: "userRating" });
    });
  });

  it("exports the CSV with the current filters, the bearer token and the interface's language", async () => {
    const { calls } = signedIn(sessionUser({ super: false }));
    const createObjectURL = vi.fn(() => "blob:audit");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderApp("/audit");
    await screen.findByText("Bruno Lima", { selector: "td span" }, LOAD);

    await user.click(screen.getByRole("combobox", { name: "Ação" }));
    await user.click(await screen.findByRole("option", { name: "Configuração alterada" }));
    await user.click(screen.getByRole("button", { name: "Exportar CSV" }));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const exported = calls.find((call) => call.path === "/audit-logs/export");
    expect(Object.fromEntries(exported!.url.searchParams)).toEqual({ action: "settings.update" });
    expect(exported!.headers.get("Authorization")).toBe("Bearer access-1");
    expect(exported!.headers.get("Accept-Language")).toBe("pt-BR");
  });

  it("says so when no entry matches, and shows a failure with a retry", async () => {
    signedIn(sessionUser({ super: false }), []);
    const view = renderApp("/audit");
    expect(await screen.findByText("Nenhum registro de auditoria com esses filtros.", undefined, LOAD)).toBeInTheDocument();
    view.unmount();

    signedIn(sessionUser({ super: false }), "fail");
    renderApp("/audit");
    expect(await screen.findByText(/Não foi possível carregar a lista de registros/, undefined, LOAD)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tentar novamente" })).toBeInTheDocument();
  });

  it("sends a user who is not an admin to the tickets", async () => {
    const { calls } = signedIn(sessionUser({ profile: "user", super: false }));
    const { router } = renderApp("/audit");
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"), LOAD);
    expect(calls.some((call) => call.path === "/audit-logs")).toBe(false);
  });
});
