import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../test/fake-socket.ts";
import { jsonResponse, mockFetch } from "../../../test/fetch-mock.ts";
import { renderWithProviders } from "../../../test/render-with-providers.tsx";
import { connectionFixture } from "../test-fixtures.ts";
import { useConnectionsAlert } from "./use-connections-alert.ts";

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

function Badge({ enabled = true }: { enabled?: boolean }) {
  return <output>{useConnectionsAlert(enabled) ? "alert" : "calm"}</output>;
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useConnectionsAlert", () => {
  it("checks the connections 2 s after load and then follows live status events", async () => {
    const { calls } = mockFetch((call) => (call.path === "/whatsapp/" ? jsonResponse([connectionFixture({ id: 1, status: "CONNECTED" })]) : undefined));
    renderWithProviders(<Badge />);

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(calls.filter((call) => call.path === "/whatsapp/")).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(calls.filter((call) => call.path === "/whatsapp/")).toHaveLength(1);
    expect(await screen.findByText("calm")).toBeInTheDocument();

    act(() => sockets.at(-1)?.receive("company-3-whatsappSession", { action: "update", session: connectionFixture({ id: 1, status: "DISCONNECTED" }) }));
    expect(await screen.findByText("alert")).toBeInTheDocument();

    act(() => sockets.at(-1)?.receive("company-3-whatsappSession", { action: "update", session: connectionFixture({ id: 1, status: "CONNECTED" }) }));
    expect(await screen.findByText("calm")).toBeInTheDocument();
    expect(calls.filter((call) => call.path === "/whatsapp/")).toHaveLength(1);
  });

  it("never asks when disabled (user-profile accounts)", async () => {
    const { calls } = mockFetch(() => jsonResponse([connectionFixture({ status: "DISCONNECTED" })]));
    renderWithProviders(<Badge enabled={false} />);

    await act(() => vi.advanceTimersByTimeAsync(3000));

    expect(calls).toHaveLength(0);
    expect(screen.getByText("calm")).toBeInTheDocument();
  });
});
