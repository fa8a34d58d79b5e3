import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { companyPlan, sessionUser } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const inactive = {
  id: 4,
  title: "Rascunho interno",
  text: "Ainda não publicado",
  priority: 2,
  status: false,
  mediaPath: null,
  mediaName: "aviso.png",
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
};

function signedIn(user: ReturnType<typeof sessionUser>) {
  localStorage.setItem("token", "access-1");
  localStorage.setItem("userId", String(user.id));
  localStorage.setItem("companyId", String(user.companyId));
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(user);
    if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
    if (call.path === "/announcements") return jsonResponse({ records: user.super ? [inactive] : [], count: user.super ? 1 : 0, hasMore: false });
    return undefined;
  });
}

describe("/announcements", () => {
  it("shows a super user every announcement with its priority, attachment and status", async () => {
    signedIn(sessionUser({ super: true }));
    renderApp("/announcements");
    const table = await screen.findByRole("table", { name: "Informativos" });
    expect(await screen.findByText("Rascunho interno")).toBeInTheDocument();
    expect(table).toHaveTextContent("Média");
    expect(table).toHaveTextContent("aviso.png");
    expect(table).toHaveTextContent("Inativo");
    expect(screen.getByRole("button", { name: "Adicionar informativo" })).toBeInTheDocument();
  });

  it("sends anyone else to / after an error toast, without showing the page", async () => {
    signedIn(sessionUser({ super: false, profile: "admin" }));
    const { router } = renderApp("/announcements");
    expect(await screen.findByText("Você não tem permissão para acessar esta página! Estamos lhe redirecionando.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/announcements");
    expect(screen.queryByRole("table", { name: "Informativos" })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"), { timeout: 20_000 });
  });
});
