import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { TokenPicker } from "./token-picker.tsx";

vi.mock("socket.io-client", async () => {
  const { FakeSocket } = await import("../../../test/fake-socket.ts");
  return { io: () => new FakeSocket() };
});

function connection(id: number, name: string, token: string | null) {
  return {
    id,
    name,
    status: "CONNECTED",
    provider: "simulator",
    isDefault: id === 1,
    number: null,
    qrcode: null,
    retries: 0,
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    expiresInactiveMessage: "",
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 0,
    timeToTransfer: null,
    transferQueueId: null,
    promptId: null,
    hasToken: token !== null,
    cloud: null,
    statusReason: null,
    queues: [],
    updatedAt: "2026-01-01T00:00:00.000Z",
    token,
  };
}

const connections = [connection(1, "Loja", "tok-loja-0123456789abcdef0123456"), connection(2, "Suporte", null)];

function renderPicker(onToken: (token: string) => void) {
  mockFetch((call) => {
    if (call.path === "/whatsapp/") return jsonResponse(connections);
    const match = /^\/whatsapp\/(\d+)$/.exec(call.path);
    if (match) return jsonResponse(connections.find((c) => c.id === Number(match[1])));
    return undefined;
  });
  renderWithProviders(
    <MemoryRouter initialEntries={["/messages-api"]}>
      <Routes>
        <Route path="/messages-api" element={<TokenPicker onToken={onToken} />} />
        <Route path="/connections" element={<p>Página de conexões</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("TokenPicker", () => {
  it("marks the connections without a token and shows a connection's token when picked", async () => {
    const onToken = vi.fn();
    renderPicker(onToken);
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: /^Conexão/ }));
    expect(await screen.findByRole("option", { name: "Suporte (sem token)" })).toBeInTheDocument();
    await user.click(screen.getByRole("option", { name: "Loja" }));
    expect(await screen.findByText("tok-loja-0123456789abcdef0123456")).toBeInTheDocument();
    expect(onToken).toHaveBeenCalledWith("tok-loja-0123456789abcdef0123456");
  });

  it("says how to generate a token for a connection that has none, with a link to the connections page", async () => {
    const onToken = vi.fn();
    renderPicker(onToken);
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: /^Conexão/ }));
    await user.click(await screen.findByRole("option", { name: "Suporte (sem token)" }));
    expect(await screen.findByText(/Esta conexão ainda não tem token da API\. Para gerar um:/)).toHaveTextContent("clique em Gerar token");
    expect(onToken).not.toHaveBeenCalled();
    await user.click(screen.getByRole("link", { name: "Abrir Conexões" }));
    expect(await screen.findByText("Página de conexões")).toBeInTheDocument();
  });
});
