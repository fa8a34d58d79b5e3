import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { type FetchCall, jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { connectionFixture } from "../test-fixtures.ts";
import { ConnectionsPanel } from "./connections-panel.tsx";

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

function lastSocket(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error("no socket");
  return socket;
}

const admin = { profile: "admin", isSuper: false } as const;

function serve(connections: unknown[], extra: (call: FetchCall) => Response | undefined = () => undefined) {
  return mockFetch((call) => {
    if (call.method === "GET" && call.path === "/whatsapp/") return jsonResponse(connections);
    if (call.method === "GET" && call.path === "/queue") return jsonResponse([]);
    return extra(call);
  });
}

async function findRow(name: string) {
  await screen.findByRole("cell", { name });
  return row(name);
}

function row(name: string) {
  const cell = screen.getByRole("cell", { name });
  const tr = cell.closest("tr");
  if (!tr) throw new Error(`no row for ${name}`);
  return within(tr);
}

describe("ConnectionsPanel", () => {
  it("lists the connections with status, number, default star and last update", async () => {
    serve([
      connectionFixture({ id: 1, name: "Loja", status: "CONNECTED", number: "5511999990000", isDefault: true, updatedAt: "2025-03-14T15:09:00.000Z" }),
      connectionFixture({ id: 2, name: "Vendas", status: "qrcode" }),
    ]);
    renderWithProviders(<ConnectionsPanel actor={admin} />);

    expect(await screen.findByRole("cell", { name: "Loja" })).toBeInTheDocument();
    expect(row("Loja").getByText("Conectado")).toBeInTheDocument();
    expect(row("Loja").getByText("5511999990000")).toBeInTheDocument();
    expect(row("Loja").getByTitle("Conexão padrão")).toBeInTheDocument();
    expect(row("Loja").getByText(/^14\/03\/25 \d{2}:\d{2}$/)).toBeInTheDocument();
    expect(row("Vendas").getByText("Aguardando leitura do QR Code")).toBeInTheDocument();
    expect(row("Vendas").queryByTitle("Conexão padrão")).not.toBeInTheDocument();
  });

  it("follows a live session event without reloading: status, buttons and QR", async () => {
    const { calls } = serve([connectionFixture({ id: 2, name: "Vendas", status: "qrcode", qrcode: "QR-1" })]);
    renderWithProviders(<ConnectionsPanel actor={admin} />);
    expect((await findRow("Vendas")).getByRole("button", { name: "QR Code" })).toBeInTheDocument();
    const fetchesBefore = calls.length;

    lastSocket().receive("company-3-whatsappSession", {
      action: "update",
      session: connectionFixture({ id: 2, name: "Vendas", status: "CONNECTED", number: "5511988887777" }),
    });

    expect(await row("Vendas").findByText("Conectado")).toBeInTheDocument();
    expect(row("Vendas").getByRole("button", { name: "Desconectar" })).toBeInTheDocument();
    expect(row("Vendas").getByText("5511988887777")).toBeInTheDocument();
    expect(calls.length).toBe(fetchesBefore);
  });

  it("adds, and removes, connections from live list events; ignores another company's events", async () => {
    serve([connectionFixture({ id: 1, name: "Loja" })]);
    renderWithProviders(<ConnectionsPanel actor={admin} />);
    await screen.findByRole("cell", { name: "Loja" });

    lastSocket().receive("company-3-whatsapp", { action: "update", whatsapp: connectionFixture({ id: 5, name: "Nova", status: "OPENING" }) });
    lastSocket().receive("company-4-whatsapp", { action: "update", whatsapp: connectionFixture({ id: 9, name: "Alheia" }) });

    expect(await screen.findByRole("cell", { name: "Nova" })).toBeInTheDocument();
    expect(row("Nova").getByRole("button", { name: "Conectando" })).toBeDisabled();
    expect(screen.queryByRole("cell", { name: "Alheia" })).not.toBeInTheDocument();

    lastSocket().receive("company-3-whatsapp", { action: "delete", whatsappId: 1 });
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Loja" })).not.toBeInTheDocument());
  });

  it("offers try again and new QR code to a DISCONNECTED connection, and sends them", async () => {
    const { calls } = serve([connectionFixture({ id: 4, name: "Loja", status: "DISCONNECTED" })], (call) =>
      call.path === "/whatsappsession/4" ? jsonResponse({ message: "ok" }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPanel actor={admin} />);

    await user.click((await findRow("Loja")).getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST" && call.path === "/whatsappsession/4")).toBe(true));
    await user.click(row("Loja").getByRole("button", { name: "Novo QR Code" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT" && call.path === "/whatsappsession/4")).toBe(true));
  });

  it("says why an official-line connection is disconnected, and offers trying again without any QR code", async () => {
    serve([connectionFixture({ id: 6, name: "Oficial", provider: "cloud", status: "DISCONNECTED", statusReason: "ERR_CLOUD_TOKEN_INVALID" })]);
    renderWithProviders(<ConnectionsPanel actor={admin} />);

    const official = await findRow("Oficial");
    expect(official.getByText("O token de acesso da API oficial do WhatsApp é inválido ou expirou: gere um novo no painel do app da Meta e salve a conexão.")).toBeInTheDocument();
    expect(official.getByRole("button", { name: "Tentar novamente" })).toBeInTheDocument();
    expect(official.queryByRole("button", { name: "Novo QR Code" })).not.toBeInTheDocument();
  });

  it("disconnects only after confirmation", async () => {
    const { calls } = serve([connectionFixture({ id: 4, name: "Loja", status: "CONNECTED" })], (call) =>
      call.path === "/whatsappsession/4" ? jsonResponse({ message: "ok" }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPanel actor={admin} />);

    await user.click((await findRow("Loja")).getByRole("button", { name: "Desconectar" }));
    const dialog = await screen.findByRole("dialog", { name: "Desconectar Loja?" });
    expect(calls.some((call) => call.path === "/whatsappsession/4")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Desconectar" }));

    await waitFor(() => expect(calls.some((call) => call.method === "DELETE" && call.path === "/whatsappsession/4")).toBe(true));
  });

  it("deletes a connection after confirmation and drops it from the list", async () => {
    const { calls } = serve([connectionFixture({ id: 1, name: "Loja", isDefault: true }), connectionFixture({ id: 2, name: "Vendas" })], (call) =>
      call.method === "DELETE" && call.path === "/whatsapp/2" ? jsonResponse({ message: "ok" }) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPanel actor={admin} />);

    await user.click(await screen.findByRole("button", { name: "Excluir conexão: Vendas" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir a conexão Vendas?" });
    await user.click(within(dialog).getByRole("button", { name: "Excluir" }));

    await waitFor(() => expect(calls.some((call) => call.method === "DELETE" && call.path === "/whatsapp/2")).toBe(true));
    expect(await screen.findByText("Conexão excluída com sucesso!")).toBeInTheDocument();
  });

  it("shows the error catalogue's text when the server refuses a deletion", async () => {
    serve([connectionFixture({ id: 1, name: "Loja", isDefault: true })], (call) =>
      call.method === "DELETE" ? jsonResponse({ error: "ERR_NO_OTHER_WHATSAPP", message: "x" }, 400) : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<ConnectionsPanel actor={admin} />);

    await user.click(await screen.findByRole("button", { name: "Excluir conexão: Loja" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Excluir" }));

    expect(await screen.findByText("Deve haver pelo menos uma conexão padrão.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("cell", { name: "Loja" })).toBeInTheDocument();
  });

  it("shows a user-profile account the list without add, session, edit or delete buttons", async () => {
    serve([connectionFixture({ id: 1, name: "Loja", status: "DISCONNECTED" })]);
    renderWithProviders(<ConnectionsPanel actor={{ profile: "user", isSuper: false }} />);

    expect(await screen.findByRole("cell", { name: "Loja" })).toBeInTheDocument();
    expect(screen.getByText("Desconectado")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Adicionar conexão" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Tentar novamente" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Editar conexão/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Excluir conexão/ })).not.toBeInTheDocument();
  });

  it("shows an empty state when the company has no connection", async () => {
    serve([]);
    renderWithProviders(<ConnectionsPanel actor={admin} />);
    expect(await screen.findByText("Nenhuma conexão cadastrada.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Adicionar conexão" })).toBeInTheDocument();
  });
});
