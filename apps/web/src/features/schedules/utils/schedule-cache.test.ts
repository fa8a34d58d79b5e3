import type { Schedule } from "@conversa/shared";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { schedulesKeys } from "../api/query-keys.ts";
import { dropSchedule, forgetSchedule, placeSchedule, storeSchedule } from "./schedule-cache.ts";

function schedule(id: number, sendAt: string, body = `Mensagem ${id}`): Schedule {
  return {
    id,
    body,
    sendAt,
    sentAt: null,
    status: "PENDENTE",
    contactId: 1,
    contact: { id: 1, name: "Maria", number: "5511999990000" },
    ticketId: null,
    userId: 2,
    user: { id: 2, name: "Ana" },
    mediaPath: null,
    mediaName: null,
    createdAt: "2025-03-01T00:00:00.000Z",
    updatedAt: "2025-03-01T00:00:00.000Z",
  };
}

const march = { start: "2025-03-01T00:00:00.000Z", end: "2025-04-01T00:00:00.000Z" };

describe("placeSchedule", () => {
  it("adds a new schedule of the range in sendAt order", () => {
    const list = [schedule(1, "2025-03-02T10:00:00.000Z"), schedule(2, "2025-03-20T10:00:00.000Z")];
    expect(placeSchedule(list, schedule(3, "2025-03-10T10:00:00.000Z"), march)?.map((s) => s.id)).toEqual([1, 3, 2]);
  });

  it("replaces a changed schedule and moves it to its new place", () => {
    const list = [schedule(1, "2025-03-02T10:00:00.000Z"), schedule(2, "2025-03-20T10:00:00.000Z")];
    const moved = placeSchedule(list, schedule(1, "2025-03-25T10:00:00.000Z", "Adiada"), march);
    expect(moved?.map((s) => [s.id, s.body])).toEqual([
      [2, "Mensagem 2"],
      [1, "Adiada"],
    ]);
  });

  it("drops a schedule moved out of the range, and leaves an unloaded range alone", () => {
    const list = [schedule(1, "2025-03-02T10:00:00.000Z")];
    expect(placeSchedule(list, schedule(1, "2025-04-02T10:00:00.000Z"), march)).toEqual([]);
    expect(placeSchedule(undefined, schedule(1, "2025-03-02T10:00:00.000Z"), march)).toBeUndefined();
  });
});

describe("storeSchedule and forgetSchedule", () => {
  it("patch every cached range and the detail", () => {
    const client = new QueryClient();
    const april = { start: "2025-04-01T00:00:00.000Z", end: "2025-05-01T00:00:00.000Z" };
    client.setQueryData(schedulesKeys.range(march.start, march.end), [schedule(1, "2025-03-02T10:00:00.000Z")]);
    client.setQueryData(schedulesKeys.range(april.start, april.end), []);

    storeSchedule(client, schedule(1, "2025-04-03T10:00:00.000Z"));

    expect(client.getQueryData(schedulesKeys.range(march.start, march.end))).toEqual([]);
    expect(client.getQueryData<Schedule[]>(schedulesKeys.range(april.start, april.end))?.map((s) => s.id)).toEqual([1]);
    expect(client.getQueryData(schedulesKeys.detail(1))).toMatchObject({ id: 1 });

    forgetSchedule(client, 1);
    expect(client.getQueryData(schedulesKeys.range(april.start, april.end))).toEqual([]);
    expect(client.getQueryData(schedulesKeys.detail(1))).toBeUndefined();
  });

  it("dropSchedule keeps the others", () => {
    expect(dropSchedule([schedule(1, march.start), schedule(2, march.start)], 1)?.map((s) => s.id)).toEqual([2]);
  });
});
