import { ANNOUNCEMENT_EVENT, companyEvent } from "@conversa/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../test/fake-socket.ts";
import { CONNECT_RETRY_MS, RealtimeClient, type RealtimeDependencies } from "./socket.ts";

function setup(overrides: Partial<RealtimeDependencies> = {}) {
  const sockets: FakeSocket[] = [];
  const deps = {
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    refreshToken: vi.fn(() => Promise.resolve()),
    reloadPage: vi.fn(),
    notifySessionReplaced: vi.fn(),
    ...overrides,
  };
  const client = new RealtimeClient(deps);
  client.start({ companyId: 3, userId: 7 });
  const socket = sockets[0];
  if (!socket) throw new Error("no socket created");
  return { client, socket, sockets, deps };
}

describe("RealtimeClient", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem("token", "t");
    localStorage.setItem("userId", "7");
  });
  afterEach(() => vi.useRealTimers());

  it("connects once per session and sends userStatus on connect and every 5 minutes", () => {
    const { client, socket, sockets } = setup();
    client.start({ companyId: 3, userId: 7 });
    expect(sockets).toHaveLength(1);
    expect(socket.connectCalls).toBe(1);

    socket.acceptConnection();
    expect(socket.emittedEvents()).toEqual(["userStatus"]);

    vi.advanceTimersByTime(300_000);
    expect(socket.emittedEvents()).toEqual(["userStatus", "userStatus"]);
  });

  it("re-sends the joins after a reconnect and stops sending those that were left", () => {
    const { client, socket } = setup();
    socket.acceptConnection();
    client.join("notification");
    const leaveTickets = client.join("tickets", "open");
    client.join("chatBox", 42);
    expect(socket.emitted.slice(1)).toEqual([
      { event: "joinNotification", args: [] },
      { event: "joinTickets", args: ["open"] },
      { event: "joinChatBox", args: [42] },
    ]);

    leaveTickets();
    expect(socket.emitted.at(-1)).toEqual({ event: "joinTicketsLeave", args: ["open"] });

    socket.emitted.length = 0;
    socket.disconnect();
    socket.acceptConnection();
    expect(socket.emittedEvents()).toEqual(["userStatus", "joinNotification", "joinChatBox"]);
  });

  it("tells its reconnect listeners when the socket connects again, not at the first connect", () => {
    const { client, socket } = setup();
    const onReconnect = vi.fn();
    const unsubscribe = client.onReconnect(onReconnect);
    socket.acceptConnection();
    expect(onReconnect).not.toHaveBeenCalled();

    socket.disconnect();
    socket.acceptConnection();
    expect(onReconnect).toHaveBeenCalledTimes(1);

    unsubscribe();
    socket.disconnect();
    socket.acceptConnection();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it("reports its status: connecting, connected, disconnected when the connection drops or a retry fails, connected again", () => {
    const { client, socket } = setup();
    const onChange = vi.fn();
    client.onStatusChange(onChange);
    expect(client.getStatus()).toBe("connecting");

    socket.acceptConnection();
    expect(client.getStatus()).toBe("connected");
    socket.dropConnection();
    expect(client.getStatus()).toBe("disconnected");
    socket.refuseConnection("xhr poll error");
    expect(client.getStatus()).toBe("disconnected");
    socket.acceptConnection();
    expect(client.getStatus()).toBe("connected");
    expect(onChange).toHaveBeenCalledTimes(3);

    client.stop();
    expect(client.getStatus()).toBe("connecting");
  });

  it("delivers the installation's announcements, whose event names no company, to their listeners", () => {
    const { client, socket } = setup();
    const onAnnouncement = vi.fn();
    const onTicket = vi.fn();
    const stop = client.onInstallationEvent(ANNOUNCEMENT_EVENT, onAnnouncement);
    client.onCompanyEvent("ticket", onTicket);

    socket.receive(ANNOUNCEMENT_EVENT, { action: "delete", id: 4 });
    stop();
    socket.receive(ANNOUNCEMENT_EVENT, { action: "delete", id: 5 });

    expect(onAnnouncement).toHaveBeenCalledTimes(1);
    expect(onAnnouncement).toHaveBeenCalledWith({ action: "delete", id: 4 });
    expect(onTicket).not.toHaveBeenCalled();
  });

  it("delivers company events to their listeners only", () => {
    const { client, socket } = setup();
    const onTicket = vi.fn();
    const stop = client.onCompanyEvent("ticket", onTicket);

    socket.receive(companyEvent(3, "ticket"), { action: "update" });
    socket.receive(companyEvent(4, "ticket"), { action: "update" });
    socket.receive(companyEvent(3, "contact"), { action: "update" });
    stop();
    socket.receive(companyEvent(3, "ticket"), { action: "delete" });

    expect(onTicket).toHaveBeenCalledTimes(1);
    expect(onTicket).toHaveBeenCalledWith({ action: "update" });
  });

  it("ends the session when the same account logs in elsewhere", () => {
    const { socket, deps } = setup();
    localStorage.setItem("companyId", "3");
    sessionStorage.setItem("tasks", "[]");
    localStorage.setItem("preferredTheme", "dark");

    socket.receive(companyEvent(3, "auth"), { action: "update", user: { id: 8 } });
    expect(deps.notifySessionReplaced).not.toHaveBeenCalled();

    socket.receive(companyEvent(3, "auth"), { action: "update", user: { id: 7 } });
    expect(deps.notifySessionReplaced).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("companyId")).toBeNull();
    expect(localStorage.getItem("preferredTheme")).toBe("dark");
    expect(sessionStorage.getItem("tasks")).toBeNull();

    vi.advanceTimersByTime(999);
    expect(deps.reloadPage).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(deps.reloadPage).toHaveBeenCalledTimes(1);
  });

  it("refreshes an expired token once and reconnects", async () => {
    const { socket, deps } = setup();

    socket.refuseConnection("ERR_INVALID_TOKEN");
    await vi.waitFor(() => expect(socket.connectCalls).toBe(2));
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);

    socket.refuseConnection("ERR_INVALID_TOKEN");
    vi.advanceTimersByTime(1000);
    expect(deps.refreshToken).toHaveBeenCalledTimes(1);
    expect(deps.reloadPage).toHaveBeenCalledTimes(1);
  });

  it("reloads the page after 1 s when the refresh fails", async () => {
    const { socket, deps } = setup({ refreshToken: vi.fn(() => Promise.reject(new Error("ERR_SESSION_EXPIRED"))) });

    socket.refuseConnection("ERR_INVALID_TOKEN");
    await vi.advanceTimersByTimeAsync(1000);

    expect(deps.reloadPage).toHaveBeenCalledTimes(1);
  });

  it("reloads the page after 1 s when the session expired", () => {
    const { socket, deps } = setup();
    socket.refuseConnection("ERR_SESSION_EXPIRED");
    vi.advanceTimersByTime(1000);
    expect(deps.reloadPage).toHaveBeenCalledTimes(1);
  });

  it("reloads the page, which shows the setup, when the user must now set up two-factor sign-in", () => {
    const { socket, deps } = setup();
    socket.refuseConnection("ERR_2FA_SETUP_REQUIRED");
    expect(deps.refreshToken).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(deps.reloadPage).toHaveBeenCalledTimes(1);
  });

  it("connects again after 5 s when the server could not check the session, without reloading", () => {
    const { client, socket, deps } = setup();

    socket.refuseConnection("ERR_SERVICE_UNAVAILABLE");
    vi.advanceTimersByTime(CONNECT_RETRY_MS - 1);
    expect(socket.connectCalls).toBe(1);
    vi.advanceTimersByTime(1);
    expect(socket.connectCalls).toBe(2);

    socket.refuseConnection("ERR_INTERNAL");
    vi.advanceTimersByTime(CONNECT_RETRY_MS);
    expect(socket.connectCalls).toBe(3);
    expect(deps.reloadPage).not.toHaveBeenCalled();

    socket.refuseConnection("ERR_SERVICE_UNAVAILABLE");
    client.stop();
    vi.advanceTimersByTime(CONNECT_RETRY_MS);
    expect(socket.connectCalls).toBe(3);
  });

  it("disconnects on stop", () => {
    const { client, socket } = setup();
    socket.acceptConnection();
    client.stop();
    expect(socket.connected).toBe(false);
    vi.advanceTimersByTime(300_000);
    expect(socket.emittedEvents()).toEqual(["userStatus"]);
  });
});
