import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../lib/i18n.ts";
import { SocketProvider } from "../lib/socket-provider.tsx";
import type { FakeSocket } from "../test/fake-socket.ts";
import { ConnectionBanner } from "./connection-banner.tsx";

const sockets = vi.hoisted(() => ({ current: null as FakeSocket | null }));

vi.mock("socket.io-client", async () => {
  const { FakeSocket: Fake } = await import("../test/fake-socket.ts");
  return {
    io: () => {
      sockets.current = new Fake();
      return sockets.current;
    },
  };
});

function socket(): FakeSocket {
  if (!sockets.current) throw new Error("no socket");
  return sockets.current;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

describe("ConnectionBanner", () => {
  afterEach(() => setOnline(true));

  it("shows while the realtime connection is lost and goes away when it is back", () => {
    render(
      <SocketProvider session={{ companyId: 3, userId: 7 }}>
        <ConnectionBanner />
      </SocketProvider>,
    );
    expect(screen.queryByRole("status")).toBeNull();
    act(() => socket().acceptConnection());
    expect(screen.queryByRole("status")).toBeNull();

    act(() => socket().dropConnection());
    expect(screen.getByRole("status")).toHaveTextContent("Conexão perdida. Tentando reconectar…");

    act(() => setOnline(false));
    expect(screen.getByRole("status")).toHaveTextContent("Você está sem internet. Tentando reconectar…");

    act(() => setOnline(true));
    act(() => socket().acceptConnection());
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("speaks the user's language", async () => {
    await act(() => i18n.changeLanguage("es"));
    try {
      render(
        <SocketProvider session={{ companyId: 3, userId: 7 }}>
          <ConnectionBanner />
        </SocketProvider>,
      );
      act(() => socket().refuseConnection("xhr poll error"));
      expect(screen.getByRole("status")).toHaveTextContent("Conexión perdida. Reconectando…");
    } finally {
      await act(() => i18n.changeLanguage("pt-BR"));
    }
  });
});
