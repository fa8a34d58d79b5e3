import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { campaignSettingsList } from "@conversa/shared";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { CampaignSettingsPanel } from "./campaign-settings-panel.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

const defaults = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [{ key: "cupom", value: "BLACK10" }], optOutWords: ["SAIR", "PARAR", "STOP"], optOutConfirmation: "Pronto, descadastrado." };

describe("CampaignSettingsPanel", () => {
  it("adds a variable only under a new key, saves the settings and says 'Configurações salvas'", async () => {
    const { calls } = mockFetch((call) => {
      // The spec's wire shape: a list of keys with JSON-text values, saved as { settings }.
      if (call.method === "GET" && call.path === "/campaign-settings") return jsonResponse(campaignSettingsList(defaults));
      if (call.method === "POST" && call.path === "/campaign-settings") return jsonResponse(campaignSettingsList((call.body as { settings: typeof defaults }).settings));
      return undefined;
    });
    renderWithProviders(<CampaignSettingsPanel />);
    const user = userEvent.setup();
    const key = await screen.findByRole("textbox", { name: "Atalho" });
    await user.type(key, "cupom");
    expect(screen.getByText("Este atalho já existe")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Adicionar" })).toBeDisabled();
    await user.clear(key);
    await user.type(key, "loja");
    await user.type(screen.getByRole("textbox", { name: "Conteúdo" }), "Centro");
    await user.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(screen.getByText("{loja}")).toBeInTheDocument();
    const confirmation = screen.getByRole("textbox", { name: "Confirmação de descadastro" });
    expect(confirmation).toHaveValue("Pronto, descadastrado.");
    await user.clear(confirmation);
    await user.type(confirmation, "Você saiu da lista.");
    await user.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Configurações salvas")).toBeInTheDocument();
    // What the server answered is shown: the page reads the saved list back.
    expect(screen.getByRole("textbox", { name: "Confirmação de descadastro" })).toHaveValue("Você saiu da lista.");
    await waitFor(() =>
      expect(calls.find((call) => call.method === "POST")?.body).toEqual({
        settings: {
          ...defaults,
          optOutConfirmation: "Você saiu da lista.",
          variables: [
            { key: "cupom", value: "BLACK10" },
            { key: "loja", value: "Centro" },
          ],
        },
      }),
    );
  });
});
