import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { QueueIntegration } from "@conversa/shared";
import { describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../test/fake-socket.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { QueueIntegrationsPanel } from "./queue-integrations-panel.tsx";

const sockets = vi.hoisted((): FakeSocket[] => []);
vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return {
    io: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  };
});

function integration(id: number, name: string, type: QueueIntegration["type"] = "webhook"): QueueIntegration {
  return {
    id,
    type,
    name,
    projectName: "",
    jsonContent: "",
    jsonClientEmail: null,
    language: "pt-BR",
    urlN8N: "https://hooks.example/in",
    typebotSlug: "",
    typebotExpires: 1,
    typebotDelayMessage: 1000,
    typebotKeywordFinish: "",
    typebotKeywordRestart: "",
    typebotUnknownMessage: "",
    typebotRestartMessage: "",
    hasSecret: true,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

describe("QueueIntegrationsPanel", () => {
  it("follows company-{id}-queueIntegration: an integration created, changed or deleted by another admin, within the list's search", async () => {
    const fetchMock = mockFetch((call) => {
      if (call.method !== "GET" || call.path !== "/queueIntegration") return undefined;
      const term = (call.url.searchParams.get("searchParam") ?? "").toLowerCase();
      const queueIntegrations = [integration(1, "Pedidos n8n", "n8n"), integration(2, "Fluxo Typebot", "typebot")].filter((i) => i.name.toLowerCase().includes(term));
      return jsonResponse({ queueIntegrations, count: queueIntegrations.length, hasMore: false });
    });
    renderWithProviders(<QueueIntegrationsPanel />);
    expect(await screen.findByText("Pedidos n8n")).toBeInTheDocument();
    const socket = sockets.at(-1)!;
    const before = fetchMock.calls.length;

    socket.receive("company-3-queueIntegration", { action: "create", queueIntegration: integration(3, "Webhook do ERP") });
    expect(await screen.findByText("Webhook do ERP")).toBeInTheDocument();
    socket.receive("company-3-queueIntegration", { action: "update", queueIntegration: integration(1, "Pedidos n8n (produção)", "n8n") });
    expect(await screen.findByText("Pedidos n8n (produção)")).toBeInTheDocument();
    socket.receive("company-3-queueIntegration", { action: "delete", queueIntegrationId: 2 });
    await waitFor(() => expect(screen.queryByText("Fluxo Typebot")).not.toBeInTheDocument());
    socket.receive("company-4-queueIntegration", { action: "create", queueIntegration: integration(9, "Integração alheia") });
    socket.receive("company-3-queueIntegration", { action: "create", queueIntegration: { id: 10, name: "sem tipo" } });
    expect(fetchMock.calls.length).toBe(before);

    await userEvent.setup().type(screen.getByRole("searchbox"), "pedidos");
    await waitFor(() => expect(screen.queryByText("Webhook do ERP")).not.toBeInTheDocument());
    socket.receive("company-3-queueIntegration", { action: "create", queueIntegration: integration(11, "Dialogflow", "dialogflow") });
    socket.receive("company-3-queueIntegration", { action: "create", queueIntegration: integration(12, "Pedidos webhook") });
    expect(await screen.findByText("Pedidos webhook")).toBeInTheDocument();
    expect(screen.queryByText("Dialogflow")).not.toBeInTheDocument();
    expect(screen.queryByText("Integração alheia")).not.toBeInTheDocument();
    expect(screen.queryByText("sem tipo")).not.toBeInTheDocument();
  });
});

describe("QueueIntegrationsPanel's dialog", () => {
  it("says why the server refuses an address on save, and shows a test's outcome translated", async () => {
    let tested = 0;
    mockFetch((call) => {
      if (call.method === "GET" && call.path === "/queueIntegration") return jsonResponse({ queueIntegrations: [integration(1, "Pedidos n8n", "n8n")], count: 1, hasMore: false });
      if (call.method === "GET" && call.path === "/queueIntegration/1") return jsonResponse(integration(1, "Pedidos n8n", "n8n"));
      if (call.method === "PUT" && call.path === "/queueIntegration/1") return errorResponse(400, "ERR_URL_NOT_ALLOWED", "urlN8N: refused", { field: "urlN8N", reason: "loopback" });
      if (call.method === "POST" && call.path === "/queueIntegration/testSession") {
        tested += 1;
        return jsonResponse({ answers: [], handover: false, error: tested === 1 ? "refused" : "timeout" });
      }
      return undefined;
    });
    renderWithProviders(<QueueIntegrationsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Editar: Pedidos n8n" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("O servidor não pode chamar este endereço: ele aponta para o próprio servidor.")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Testar sessão" }));
    expect(await within(dialog).findByText("Falha no teste da integração: o endereço foi recusado pela política de saída do servidor")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Testar sessão" }));
    expect(await within(dialog).findByText("Falha no teste da integração: a integração não respondeu a tempo")).toBeInTheDocument();
  });
});
