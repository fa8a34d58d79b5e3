import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { errorResponse, type FetchCall, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { companyPlan, sessionUser } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render-app.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const SLOW = { timeout: 20_000 };
const user = sessionUser({ profile: "user", queues: [{ id: 1, name: "Vendas", color: "#7c4dff" }] });

function signedIn(extra: (call: FetchCall) => Response | undefined = () => undefined) {
  localStorage.setItem("token", "access-1");
  localStorage.setItem("userId", String(user.id));
  localStorage.setItem("companyId", String(user.companyId));
  return mockFetch((call) => {
    if (call.path === "/auth/me") return jsonResponse(user);
    if (call.path === "/auth/refresh_token") return jsonResponse({ token: "access-2", user });
    if (call.path === "/companies/listPlan/3") return jsonResponse(companyPlan());
    if (call.path === "/version") return jsonResponse({ version: "4.8.2" });
    if (call.path === "/tickets") return jsonResponse({ tickets: [], count: 0, hasMore: false });
    return extra(call);
  });
}

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(800);
});

describe("/tickets", () => {
  it("shows the list beside a placeholder when no ticket is chosen", async () => {
    signedIn();
    renderApp("/tickets");

    expect(await screen.findByText("Selecione um atendimento para começar a conversar.", undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Abertas" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("searchbox", { name: "Buscar atendimentos e mensagens" })).toBeInTheDocument();
  });

  it("sends a user away from a ticket outside their queues with 'Acesso não permitido'", async () => {
    signedIn((call) => (call.path === "/tickets/u/foreign" ? errorResponse(403, "ERR_NO_PERMISSION", "Acesso não permitido") : undefined));
    const { router } = renderApp("/tickets/foreign");

    expect(await screen.findByText("Acesso não permitido", undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/tickets"), SLOW);
  });
});
