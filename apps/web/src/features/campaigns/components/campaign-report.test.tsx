import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { campaignFixture } from "../test-fixtures.ts";
import { CampaignReport, REPORT_RELOAD_AFTER_FINISH_MS } from "./campaign-report.tsx";

const sockets = vi.hoisted((): FakeSocket[] => []);
vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return {
    io: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  };
});

const running = campaignFixture({
  status: "EM_ANDAMENTO",
  confirmation: true,
  scheduledAt: "2026-03-10T12:00:00.000Z",
  progress: { validContacts: 4, delivered: 1, failed: 0, skipped: 0, confirmationRequested: 2, confirmed: 1 },
});

function show(campaign = running) {
  const { calls } = mockFetch((call) => (call.method === "GET" && call.path === `/campaigns/${campaign.id}` ? jsonResponse(campaign) : undefined));
  renderWithProviders(
    <MemoryRouter>
      <CampaignReport campaignId={campaign.id} />
    </MemoryRouter>,
  );
  return { reads: () => calls.filter((call) => call.path === `/campaigns/${campaign.id}`).length };
}

const card = (label: string) => screen.getByRole("group", { name: label });

describe("CampaignReport", () => {
  afterEach(() => vi.useRealTimers());

  it("shows the status with delivered out of valid, the progress bar and the cards", async () => {
    show();
    expect(await screen.findByText("Em andamento: 1 de 4 entregues")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Progresso do envio" })).toHaveAttribute("aria-valuenow", "25");
    expect(card("Contatos válidos")).toHaveTextContent("4");
    expect(card("Confirmações solicitadas")).toHaveTextContent("2");
    expect(card("Confirmações")).toHaveTextContent("1");
    expect(card("Entregues")).toHaveTextContent("1");
    expect(card("Conexão")).toHaveTextContent("Loja Centro");
    expect(card("Lista de contatos")).toHaveTextContent("Clientes VIP");
    expect(card("Conclusão")).toHaveTextContent("Não concluída");
  });

  it("says why the dispatch paused the campaign by itself", async () => {
    show({ ...running, pausedAt: "2026-03-10T12:30:00.000Z", pauseReason: "ERR_CLOUD_TEMPLATE_NOT_APPROVED" });
    expect(
      await screen.findByText("O envio parou sozinho: Este modelo ainda não foi aprovado pela Meta. Escolha na campanha um modelo que a Meta ofereça e retome."),
    ).toBeInTheDocument();
  });

  it("shows a user's pause beside the status, without a warning", async () => {
    show({ ...running, pausedAt: "2026-03-10T12:30:00.000Z" });
    expect(await screen.findByText("Em andamento: 1 de 4 entregues · Pausada")).toBeInTheDocument();
    expect(screen.queryByText(/O envio parou sozinho/)).not.toBeInTheDocument();
  });

  it("leaves the confirmation cards out when the campaign asks for none", async () => {
    show(campaignFixture({ status: "FINALIZADA", completedAt: "2026-03-10T13:00:00.000Z" }));
    expect(await screen.findByText("Finalizada: 0 de 0 entregues")).toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Confirmações solicitadas" })).not.toBeInTheDocument();
    expect(screen.queryByRole("group", { name: "Confirmações" })).not.toBeInTheDocument();
    expect(card("Conclusão")).not.toHaveTextContent("Não concluída");
  });

  it("follows the live progress events and reads the campaign again 5 seconds after it finished", async () => {
    const { reads } = show();
    await screen.findByText("Em andamento: 1 de 4 entregues");
    const socket = sockets.at(-1)!;
    act(() => socket.receive("company-3-campaign", { action: "update", record: { ...running, progress: { ...running.progress, delivered: 3 } } }));
    expect(await screen.findByText("Em andamento: 3 de 4 entregues")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Progresso do envio" })).toHaveAttribute("aria-valuenow", "75");
    // Another company's campaign channel, or another campaign, changes nothing.
    act(() => socket.receive("company-3-campaign", { action: "update", record: { ...running, id: 99, status: "FINALIZADA" } }));
    expect(reads()).toBe(1);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() =>
      socket.receive("company-3-campaign", {
        action: "update",
        record: { ...running, status: "FINALIZADA", completedAt: "2026-03-10T13:00:00.000Z", progress: { ...running.progress, delivered: 4 } },
      }),
    );
    expect(await screen.findByText("Finalizada: 4 de 4 entregues")).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(REPORT_RELOAD_AFTER_FINISH_MS - 200));
    expect(reads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(reads()).toBe(2);
  });
});
