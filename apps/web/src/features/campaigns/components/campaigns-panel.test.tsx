import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { MemoryRouter } from "react-router";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { campaignFixture } from "../test-fixtures.ts";
import { CampaignsPanel } from "./campaigns-panel.tsx";

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

const draft = campaignFixture({ id: 1, name: "Rascunho", whatsappId: null, whatsapp: null, contactListId: null, contactList: null });
const running = campaignFixture({ id: 2, name: "Natal", status: "EM_ANDAMENTO", scheduledAt: "2026-03-10T12:00:00.000Z" });
const cancelled = campaignFixture({ id: 3, name: "Páscoa", status: "CANCELADA", scheduledAt: "2026-03-10T12:00:00.000Z" });
const held = campaignFixture({ id: 4, name: "Oferta", status: "EM_ANDAMENTO", scheduledAt: "2026-03-10T12:00:00.000Z", pausedAt: "2026-03-10T12:30:00.000Z", pauseReason: "ERR_CLOUD_TEMPLATE_NOT_FOUND" });

/** The table row that shows `name` (found by its text: role queries over whole rows are slow). */
function row(name: string): HTMLElement {
  const cell = screen.getByText(name).closest("tr");
  if (!cell) throw new Error(`no row for ${name}`);
  return cell;
}

describe("CampaignsPanel", () => {
  it("lists the campaigns with their status labels and the texts of what is not set", async () => {
    mockFetch((call) => (call.method === "GET" && call.path === "/campaigns/" ? jsonResponse({ records: [draft, running, cancelled, held], hasMore: false }) : undefined));
    renderWithProviders(
      <MemoryRouter>
        <CampaignsPanel />
      </MemoryRouter>,
    );
    await screen.findByText("Rascunho");
    const first = within(row("Rascunho"));
    expect(first.getByText("Inativa")).toBeInTheDocument();
    expect(first.getByText("Não definida")).toBeInTheDocument();
    expect(first.getByText("Não definido")).toBeInTheDocument();
    expect(first.getByText("Sem agendamento")).toBeInTheDocument();
    expect(first.getByText("Não concluída")).toBeInTheDocument();
    expect(first.queryByRole("button", { name: /Parar campanha/ })).not.toBeInTheDocument();
    expect(within(row("Natal")).getByText("Em andamento")).toBeInTheDocument();
    expect(within(row("Natal")).getByRole("button", { name: "Parar campanha: Natal" })).toBeInTheDocument();
    expect(within(row("Natal")).getByRole("button", { name: "Pausar campanha: Natal" })).toBeInTheDocument();
    expect(within(row("Páscoa")).getByText("Cancelada")).toBeInTheDocument();
    expect(within(row("Páscoa")).getByRole("button", { name: "Reiniciar campanha: Páscoa" })).toBeInTheDocument();
    // Paused by the dispatch itself: it says so, and why on hover.
    const paused = within(row("Oferta")).getByText("Pausada pelo envio");
    await userEvent.hover(paused);
    expect(await screen.findByRole("tooltip")).toHaveTextContent("Modelo de mensagem não encontrado nesta conexão. Atualize a lista de modelos.");
    expect(within(row("Oferta")).getByRole("button", { name: "Retomar campanha: Oferta" })).toBeInTheDocument();
  });

  it("stops a running campaign, shows a refused restart's error as a toast, and follows live updates", async () => {
    const { calls } = mockFetch((call) => {
      if (call.method === "GET" && call.path === "/campaigns/") return jsonResponse({ records: [running, cancelled], hasMore: false });
      if (call.method === "POST" && call.path === "/campaigns/2/cancel") return jsonResponse({ ...running, status: "CANCELADA" });
      if (call.method === "POST" && call.path === "/campaigns/3/restart") return errorResponse(409, "ERR_CAMPAIGN_STATUS");
      return undefined;
    });
    renderWithProviders(
      <MemoryRouter>
        <CampaignsPanel />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Parar campanha: Natal" }));
    expect(await screen.findByText("Campanha parada")).toBeInTheDocument();
    expect(within(row("Natal")).getByText("Cancelada")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reiniciar campanha: Páscoa" }));
    expect(await screen.findByText("A situação da campanha não permite esta ação.")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST").map((call) => call.path)).toEqual(["/campaigns/2/cancel", "/campaigns/3/restart"]);

    act(() => sockets.at(-1)!.receive("company-3-campaign", { action: "update", record: { ...cancelled, status: "FINALIZADA", completedAt: "2026-03-10T13:00:00.000Z" } }));
    await waitFor(() => expect(within(row("Páscoa")).getByText("Finalizada")).toBeInTheDocument());
    act(() => sockets.at(-1)!.receive("company-3-campaign", { action: "delete", id: 2 }));
    await waitFor(() => expect(screen.queryByText("Natal")).not.toBeInTheDocument());
  });
});
