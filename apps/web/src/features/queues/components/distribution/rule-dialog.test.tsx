import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../../test/render-with-providers.tsx";
import { RuleDialog } from "./rule-dialog.tsx";

describe("RuleDialog", () => {
  it("starts a new rule with only online attendants and saves it so", async () => {
    const { calls } = mockFetch((call) => (call.method === "POST" ? jsonResponse({}) : undefined));
    const events = userEvent.setup();
    renderWithProviders(<RuleDialog storeId={4} rule={null} queues={[]} users={[]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole("dialog");
    const online = within(dialog).getByRole("switch", { name: "Somente atendentes online" });
    expect(online).toBeChecked();

    await events.type(within(dialog).getByLabelText(/^Nome/), "Pedidos");
    await events.type(within(dialog).getByLabelText(/^Correspondência/), "pedido");
    await events.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.filter((call) => call.method === "POST")).toHaveLength(1));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({ name: "Pedidos", match: "pedido", onlineOnly: true });
  });
});
