import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Prompt } from "@conversa/shared";
import { describe, expect, it, vi } from "vitest";
import { queueQueryKey, queuesListQueryKey } from "../../features/queues/api/query-keys.ts";
import { jsonResponse, mockFetch } from "../../test/fetch-mock.ts";
import { renderWithProviders } from "../../test/render-with-providers.tsx";
import PromptsPage from "./prompts-page.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const vendas = { id: 4, name: "Vendas", color: "#00aa55", greetingMessage: "", outOfHoursMessage: "", orderQueue: 1, storeId: null };
const robo: Prompt = {
  id: 1,
  name: "Robô de Vendas",
  prompt: "Você é um atendente.",
  queueId: 4,
  queue: { id: 4, name: "Vendas" },
  model: "gpt-4o-mini",
  baseUrl: null,
  maxTokens: 100,
  temperature: 1,
  maxMessages: 10,
  apiKey: "••••5678",
  voice: "texto",
  voiceKey: null,
  voiceRegion: "",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

describe("PromptsPage", () => {
  it("makes the queues page read its queues again once a prompt's Setor is saved, or the prompt deleted", async () => {
    mockFetch((call) => {
      if (call.method === "GET" && call.path === "/queue") return jsonResponse([vendas]);
      if (call.method === "GET" && call.path === "/prompt") return jsonResponse({ prompts: [robo], count: 1, hasMore: false });
      if (call.method === "GET" && call.path === "/prompt/1") return jsonResponse(robo);
      if (call.method === "PUT" && call.path === "/prompt/1") return jsonResponse(robo);
      if (call.method === "DELETE" && call.path === "/prompt/1") return jsonResponse({ message: "Prompt deleted" });
      return undefined;
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<PromptsPage />);
    // What the queues page read before: Vendas without a bot.
    const seed = () => {
      queryClient.setQueryData(queuesListQueryKey(""), { pages: [{ records: [{ ...vendas, promptId: null }], hasMore: false }], pageParams: [1] });
      queryClient.setQueryData(queueQueryKey(4), { ...vendas, promptId: null });
    };
    const stale = () => [queuesListQueryKey(""), queueQueryKey(4)].map((key) => queryClient.getQueryState(key)?.isInvalidated);
    seed();
    expect(stale()).toEqual([false, false]);

    await user.click(await screen.findByRole("button", { name: "Editar: Robô de Vendas" }));
    await screen.findByRole("dialog");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(stale()).toEqual([true, true]), { timeout: 20_000 });

    seed();
    expect(stale()).toEqual([false, false]);
    await user.click(await screen.findByRole("button", { name: "Excluir: Robô de Vendas" }));
    await user.click(await screen.findByRole("button", { name: /^(Excluir|Confirmar|Sim)$/ }));
    await waitFor(() => expect(stale()).toEqual([true, true]), { timeout: 20_000 });
  });
});
