import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Prompt } from "@conversa/shared";
import { describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../test/fake-socket.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import { PromptsPanel } from "./prompts-panel.tsx";

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

function prompt(id: number, name: string, maxTokens = 100): Prompt {
  return {
    id,
    name,
    prompt: "Você é um atendente.",
    queueId: 1,
    queue: { id: 1, name: "Vendas" },
    model: "gpt-4o-mini",
    baseUrl: null,
    maxTokens,
    temperature: 1,
    maxMessages: 10,
    apiKey: null,
    voice: "texto",
    voiceKey: null,
    voiceRegion: "",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

describe("PromptsPanel", () => {
  it("follows company-{id}-prompt: a prompt created, changed or deleted by another admin, within the list's search", async () => {
    const fetchMock = mockFetch((call) => {
      if (call.method !== "GET" || call.path !== "/prompt") return undefined;
      const term = (call.url.searchParams.get("searchParam") ?? "").toLowerCase();
      const prompts = [prompt(1, "Robô de Vendas"), prompt(2, "Robô de Suporte")].filter((p) => p.name.toLowerCase().includes(term));
      return jsonResponse({ prompts, count: prompts.length, hasMore: false });
    });
    renderWithProviders(<PromptsPanel queues={[]} />);
    expect(await screen.findByText("Robô de Vendas")).toBeInTheDocument();
    const socket = sockets.at(-1)!;
    const listCalls = () => fetchMock.calls.length;
    const before = listCalls();

    socket.receive("company-3-prompt", { action: "create", prompt: prompt(3, "Robô de Cobrança") });
    expect(await screen.findByText("Robô de Cobrança")).toBeInTheDocument();
    socket.receive("company-3-prompt", { action: "update", prompt: prompt(1, "Robô de Vendas", 250) });
    expect(await screen.findByText("250")).toBeInTheDocument();
    socket.receive("company-3-prompt", { action: "delete", promptId: 2 });
    await waitFor(() => expect(screen.queryByText("Robô de Suporte")).not.toBeInTheDocument());
    // Another company's event and a malformed payload change nothing.
    socket.receive("company-4-prompt", { action: "create", prompt: prompt(9, "Robô Alheio") });
    socket.receive("company-3-prompt", { action: "create", prompt: { id: 10 } });
    expect(listCalls()).toBe(before);

    await userEvent.setup().type(screen.getByRole("searchbox"), "vendas");
    await waitFor(() => expect(screen.queryByText("Robô de Cobrança")).not.toBeInTheDocument());
    socket.receive("company-3-prompt", { action: "create", prompt: prompt(11, "Robô de Trocas") });
    socket.receive("company-3-prompt", { action: "create", prompt: prompt(12, "Vendas no atacado") });
    expect(await screen.findByText("Vendas no atacado")).toBeInTheDocument();
    expect(screen.queryByText("Robô de Trocas")).not.toBeInTheDocument();
    expect(screen.queryByText("Robô Alheio")).not.toBeInTheDocument();
  });

  it("shows a save refused for a new address on the key field: the stored key is typed again", async () => {
    const saved = { ...prompt(1, "Robô de Vendas"), baseUrl: "http://127.0.0.1:11434/v1", apiKey: "••••5678" };
    const fetchMock = mockFetch((call) => {
      if (call.method === "GET" && call.path === "/prompt") return jsonResponse({ prompts: [saved], count: 1, hasMore: false });
      if (call.method === "GET" && call.path === "/prompt/1") return jsonResponse(saved);
      if (call.method === "PUT" && call.path === "/prompt/1") {
        return errorResponse(400, "ERR_PROMPT_KEY_REQUIRED", "The address changed", [{ in: "body", path: "/apiKey", message: "type the key again" }]);
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<PromptsPanel queues={[{ id: 1, name: "Vendas" }]} />);
    await user.click(await screen.findByRole("button", { name: "Editar: Robô de Vendas" }));
    const baseUrl = await screen.findByLabelText("Servidor do modelo (opcional)");
    await user.clear(baseUrl);
    await user.paste("http://127.0.0.1:11435/v1");
    await user.click(screen.getByRole("button", { name: "Salvar" }));

    const refusal = "O endereço do serviço mudou: digite a chave novamente para o novo endereço. A chave salva nunca é enviada a outro endereço.";
    await waitFor(() => expect(screen.getByLabelText("Chave da API")).toHaveAttribute("aria-invalid", "true"));
    expect(screen.getAllByText(refusal).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    const put = fetchMock.calls.find((call) => call.method === "PUT")!;
    expect(put.body).toMatchObject({ baseUrl: "http://127.0.0.1:11435/v1", apiKey: "••••5678" });
  });

  it("tests a saved prompt with Testar: the model's answer, or why there is none", async () => {
    const saved = prompt(1, "Robô de Vendas");
    let answer: { answer: string | null; error: string | null } = { answer: "Olá! Temos o plano Pro.", error: null };
    const fetchMock = mockFetch((call) => {
      if (call.method === "GET" && call.path === "/prompt") return jsonResponse({ prompts: [saved], count: 1, hasMore: false });
      if (call.method === "GET" && call.path === "/prompt/1") return jsonResponse(saved);
      if (call.method === "POST" && call.path === "/prompt/1/test") return jsonResponse(answer);
      return undefined;
    });
    const user = userEvent.setup();
    renderWithProviders(<PromptsPanel queues={[{ id: 1, name: "Vendas" }]} />);
    await user.click(await screen.findByRole("button", { name: "Editar: Robô de Vendas" }));
    const message = await screen.findByLabelText("Mensagem do cliente");
    await user.clear(message);
    await user.type(message, "Quais planos vocês têm?");
    await user.click(screen.getByRole("button", { name: "Testar" }));

    expect(await screen.findByText("Olá! Temos o plano Pro.")).toBeInTheDocument();
    expect(fetchMock.calls.find((call) => call.path === "/prompt/1/test")!.body).toEqual({ message: "Quais planos vocês têm?" });

    answer = { answer: null, error: "timeout" };
    await user.click(screen.getByRole("button", { name: "Testar" }));
    expect(await screen.findByText("O modelo não respondeu: o servidor do modelo demorou demais")).toBeInTheDocument();
    expect(fetchMock.calls.some((call) => call.method === "PUT" || call.method === "POST" && call.path === "/prompt")).toBe(false);
  });

  it("says that the Setor makes the prompt the queue's bot, and that a new prompt is tested once saved", async () => {
    mockFetch((call) => (call.method === "GET" && call.path === "/prompt" ? jsonResponse({ prompts: [], count: 0, hasMore: false }) : undefined));
    const user = userEvent.setup();
    renderWithProviders(<PromptsPanel queues={[{ id: 1, name: "Vendas" }]} />);
    await user.click(await screen.findByRole("button", { name: /Adicionar/ }));
    expect(await screen.findByText(/Ao salvar, o prompt passa a responder nesta fila/)).toBeInTheDocument();
    expect(screen.getByText("Salve o prompt para testá-lo com o modelo.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Testar" })).not.toBeInTheDocument();
  });
});
