import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { connectionFixture } from "../test-fixtures.ts";
import { QrCodeDialog } from "./qr-code-dialog.tsx";

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

const waiting = { ...connectionFixture({ id: 7, name: "Loja", status: "qrcode", qrcode: "2@first-code" }), token: null };

afterEach(() => {
  vi.useRealTimers();
});

describe("QrCodeDialog", () => {
  it("offers a new QR code once the last one expired, and asks the server for it", async () => {
    const expired = { ...connectionFixture({ id: 7, name: "Loja", status: "TIMEOUT" }), token: null };
    const { calls } = mockFetch((call) => {
      if (call.path === "/whatsapp/7") return jsonResponse(expired);
      if (call.path === "/whatsappsession/7" && call.method === "PUT") return jsonResponse({ message: "Starting session." });
      return undefined;
    });
    renderWithProviders(<QrCodeDialog connectionId={7} onClose={vi.fn()} />);

    (await screen.findByRole("button", { name: "Novo QR Code" })).click();

    await waitFor(() => expect(calls.some((call) => call.method === "PUT" && call.path === "/whatsappsession/7")).toBe(true));
  });


  it("shows the connection's QR code as an image", async () => {
    mockFetch((call) => (call.path === "/whatsapp/7" ? jsonResponse(waiting) : undefined));
    renderWithProviders(<QrCodeDialog connectionId={7} onClose={vi.fn()} />);

    expect(await screen.findByRole("img", { name: "QR Code da conexão Loja" })).toBeInTheDocument();
  });

  it("closes itself when a live session event says CONNECTED", async () => {
    mockFetch((call) => (call.path === "/whatsapp/7" ? jsonResponse(waiting) : undefined));
    const onClose = vi.fn();
    renderWithProviders(<QrCodeDialog connectionId={7} onClose={onClose} />);
    await screen.findByRole("img", { name: "QR Code da conexão Loja" });
    expect(onClose).not.toHaveBeenCalled();

    lastSocket().receive("company-3-whatsappSession", { action: "update", session: connectionFixture({ id: 7, name: "Loja", status: "CONNECTED" }) });

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it("follows a refreshed QR code from the live session event", async () => {
    mockFetch((call) => (call.path === "/whatsapp/7" ? jsonResponse(waiting) : undefined));
    renderWithProviders(<QrCodeDialog connectionId={7} onClose={vi.fn()} />);
    const first = (await screen.findByRole("img", { name: "QR Code da conexão Loja" })).innerHTML;

    lastSocket().receive("company-3-whatsappSession", { action: "update", session: connectionFixture({ id: 7, name: "Loja", status: "qrcode", qrcode: "2@second-code" }) });

    await waitFor(() => expect(screen.getByRole("img", { name: "QR Code da conexão Loja" }).innerHTML).not.toBe(first));
  });

  it("polls the connection every 2000 ms and closes once it is CONNECTED", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answers = 0;
    const { calls } = mockFetch((call) => {
      if (call.path !== "/whatsapp/7") return undefined;
      answers += 1;
      return jsonResponse(answers < 3 ? waiting : { ...waiting, status: "CONNECTED", qrcode: null });
    });
    const onClose = vi.fn();
    renderWithProviders(<QrCodeDialog connectionId={7} onClose={onClose} />);
    await screen.findByRole("img", { name: "QR Code da conexão Loja" });
    expect(calls.filter((call) => call.path === "/whatsapp/7")).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(calls.filter((call) => call.path === "/whatsapp/7")).toHaveLength(2));
    expect(onClose).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(2000);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("waits for the code while the session opens", async () => {
    mockFetch((call) => (call.path === "/whatsapp/7" ? jsonResponse({ ...waiting, status: "OPENING", qrcode: null }) : undefined));
    renderWithProviders(<QrCodeDialog connectionId={7} onClose={vi.fn()} />);

    expect(await screen.findByText("Aguardando o QR Code…")).toBeInTheDocument();
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
  });
});
