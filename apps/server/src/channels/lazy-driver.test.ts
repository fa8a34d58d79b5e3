import { describe, expect, it } from "vitest";
import { LazyDriver } from "./lazy-driver.ts";
import type { ChannelDriver, DriverConnection } from "./types.ts";

const CONNECTION: DriverConnection = { id: 7, companyId: 1, name: "Loja", provider: "beta" } as DriverConnection;

/** A driver that writes down every call it receives. */
function recordingDriver(calls: string[]): Required<ChannelDriver> {
  return {
    provider: "beta",
    start: async (connection) => void calls.push(`start ${connection.id}`),
    stop: async (id) => void calls.push(`stop ${id}`),
    logout: async (id) => void calls.push(`logout ${id}`),
    send: async (id) => (calls.push(`send ${id}`), { wid: "W1" }),
    deleteMessage: async (id, target) => void calls.push(`delete ${id} ${target.wid}`),
    checkNumber: async (id, number) => (calls.push(`check ${id} ${number}`), { exists: true, number }),
    markRead: async (id, _chat, wids) => void calls.push(`read ${id} ${wids.join(",")}`),
    profilePictureUrl: async (id) => (calls.push(`picture ${id}`), null),
    listContacts: async (id) => (calls.push(`contacts ${id}`), []),
  };
}

describe("LazyDriver", () => {
  it("loads nothing until a call needs the driver, and a stop before that has nothing to stop", async () => {
    let loads = 0;
    const lazy = new LazyDriver("beta", async () => {
      loads += 1;
      return recordingDriver([]);
    });

    await lazy.stop(CONNECTION.id);

    expect(loads).toBe(0);
    expect(lazy.isLoaded).toBe(false);
  });

  it("loads the driver once, for calls made at the same time too, and hands every call to it", async () => {
    const calls: string[] = [];
    let loads = 0;
    const lazy = new LazyDriver("beta", async () => {
      loads += 1;
      return recordingDriver(calls);
    });

    await Promise.all([lazy.start(CONNECTION), lazy.checkNumber(7, "5511988887777")]);
    expect(await lazy.send(7, { to: "5511988887777", isGroup: false, body: "Oi" } as never)).toEqual({ wid: "W1" });
    await lazy.deleteMessage(7, { to: "5511988887777", isGroup: false, wid: "W1", fromMe: true });
    await lazy.markRead(7, { number: "5511988887777", isGroup: false }, ["A", "B"]);
    expect(await lazy.profilePictureUrl(7, "5511988887777")).toBeNull();
    expect(await lazy.listContacts(7)).toEqual([]);
    await lazy.stop(7);
    await lazy.logout(7);

    expect(loads).toBe(1);
    expect(calls).toEqual(["start 7", "check 7 5511988887777", "send 7", "delete 7 W1", "read 7 A,B", "picture 7", "contacts 7", "stop 7", "logout 7"]);
  });

  it("tries a failed load again on the next call", async () => {
    let loads = 0;
    const lazy = new LazyDriver("beta", async () => {
      loads += 1;
      if (loads === 1) throw new Error("Cannot find package 'baileys'");
      return recordingDriver([]);
    });

    await expect(lazy.start(CONNECTION)).rejects.toThrow("Cannot find package 'baileys'");
    expect(lazy.isLoaded).toBe(false);
    await expect(lazy.start(CONNECTION)).resolves.toBeUndefined();
    expect(loads).toBe(2);
  });
});
