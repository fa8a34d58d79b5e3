import type { CampaignRecipient } from "@conversa/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { campaignFixture } from "../test-fixtures.ts";
import { CampaignReport } from "./campaign-report.tsx";

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

const campaign = campaignFixture({ status: "EM_ANDAMENTO", progress: { validContacts: 25, delivered: 3, failed: 1, skipped: 0, confirmationRequested: 0, confirmed: 0 } });

function recipient(i: number, overrides: Partial<CampaignRecipient> = {}): CampaignRecipient {
  return { id: i, number: `55119000000${String(i).padStart(2, "0")}`, name: `Cliente ${i}`, slot: null, status: "pending", failureReason: null, at: null, replied: false, ...overrides };
}

let table: CampaignRecipient[];
const downloads: string[] = [];

function show() {
  const { calls } = mockFetch((call) => {
    if (call.method === "GET" && call.path === `/campaigns/${campaign.id}`) return jsonResponse(campaign);
    if (call.method === "GET" && call.path === `/campaigns/${campaign.id}/recipients/export`) return new Response("number;name\r\n", { headers: { "Content-Type": "text/csv" } });
    if (call.method === "GET" && call.path === `/campaigns/${campaign.id}/recipients`) {
      const search = call.url.searchParams.get("searchParam") ?? "";
      const status = call.url.searchParams.get("status");
      const page = Number(call.url.searchParams.get("pageNumber") ?? "1");
      const matching = table.filter((row) => (row.name.includes(search) || row.number.includes(search)) && (!status || row.status === status));
      return jsonResponse({ records: matching.slice((page - 1) * 20, page * 20), count: matching.length, hasMore: page * 20 < matching.length });
    }
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter>
      <CampaignReport campaignId={campaign.id} />
    </MemoryRouter>,
  );
  return { reads: () => calls.filter((call) => call.path === `/campaigns/${campaign.id}/recipients`) };
}

const rows = () => screen.queryAllByTestId("campaign-recipient");

describe("CampaignRecipientsTable", () => {
  beforeEach(() => {
    table = [
      recipient(1, { slot: 2, status: "delivered", at: "2026-03-10T12:00:00.000Z", replied: true }),
      recipient(2, { slot: 1, status: "failed", failureReason: "número não existe no WhatsApp", at: "2026-03-10T12:01:00.000Z" }),
      recipient(3, { slot: 1, status: "opted_out", at: "2026-03-10T12:02:00.000Z", replied: true }),
      ...Array.from({ length: 22 }, (_, i) => recipient(i + 4)),
    ];
    downloads.length = 0;
    vi.spyOn(URL, "createObjectURL").mockImplementation(() => "blob:recipients");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("lists the recipients with the message sent, their status, the failure's reason and whether they replied, 20 a page", async () => {
    show();
    await waitFor(() => expect(rows()).toHaveLength(20));
    const [first, second, third] = rows();
    expect(first).toHaveTextContent("5511900000001");
    expect(first).toHaveTextContent("Cliente 1");
    expect(first).toHaveTextContent("Mensagem 2");
    expect(first).toHaveTextContent("Entregue");
    expect(within(first!).getAllByRole("cell").at(-1)).toHaveTextContent("Sim");
    expect(second).toHaveTextContent("Falhou");
    expect(second).toHaveTextContent("número não existe no WhatsApp");
    expect(third).toHaveTextContent("Descadastrado");
    expect(rows()[5]).toHaveTextContent("Pendente");
    expect(screen.getByText("1–20 de 25")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("button", { name: "Próxima página" }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(screen.getByText("21–25 de 25")).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent("Cliente 21");
  });

  it("searches by number or name and filters by status", async () => {
    const { reads } = show();
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await user.type(screen.getByRole("textbox", { name: "Buscar por número ou nome" }), "Cliente 2");
    // Cliente 2 and Cliente 20 to 25.
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(reads().at(-1)?.url.searchParams.get("searchParam")).toBe("Cliente 2");
    await user.clear(screen.getByRole("textbox", { name: "Buscar por número ou nome" }));
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Falhou" }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent("Cliente 2");
    expect(reads().at(-1)?.url.searchParams.get("status")).toBe("failed");
  });

  it("reads its page again when the campaign's live event arrives", async () => {
    show();
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(rows()[3]).toHaveTextContent("Pendente");
    table[3] = recipient(4, { slot: 3, status: "sent", at: "2026-03-10T12:05:00.000Z" });
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    act(() => {
      for (const socket of sockets) socket.receive(`company-${campaign.companyId}-campaign`, { action: "update", record: campaign });
    });
    await waitFor(() => expect(rows()[3]).toHaveTextContent("Enviada"));
    expect(rows()[3]).toHaveTextContent("Mensagem 3");
  });

  it("exports every recipient of the filter as CSV", async () => {
    show();
    await waitFor(() => expect(rows()).toHaveLength(20));
    await userEvent.setup().click(screen.getByRole("button", { name: "Exportar CSV" }));
    await waitFor(() => expect(downloads).toEqual([`destinatarios-${campaign.name}.csv`]));
  });
});
