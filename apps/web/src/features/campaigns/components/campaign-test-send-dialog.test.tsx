import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { campaignFixture } from "../test-fixtures.ts";
import { CampaignTestSendDialog } from "./campaign-test-send-dialog.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

describe("CampaignTestSendDialog", () => {
  it("refuses a number of fewer than 8 digits, then sends the campaign to the number given", async () => {
    const { calls } = mockFetch((call) => (call.method === "POST" && call.path === "/campaigns/5/test-send" ? jsonResponse({ message: "sent" }) : undefined));
    const onClose = vi.fn();
    renderWithProviders(<CampaignTestSendDialog campaign={campaignFixture()} onClose={onClose} />);
    const user = userEvent.setup();
    const number = screen.getByRole("textbox", { name: "Número" });
    await user.click(number);
    await user.paste("1234");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Informe de 8 a 50 dígitos.")).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(number);
    await user.paste("+55 (11) 99999-0000");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((call) => [call.path, call.body])).toEqual([["/campaigns/5/test-send", { number: "+55 (11) 99999-0000" }]]);
    expect(await screen.findByText("Mensagem de teste enviada para +55 (11) 99999-0000")).toBeInTheDocument();
  });
});
