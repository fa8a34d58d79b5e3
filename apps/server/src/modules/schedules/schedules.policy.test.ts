import { describe, expect, it } from "vitest";
import { canChangeSchedule, isScheduleDue, isSendAtAcceptable } from "./schedules.policy.ts";

const at = (iso: string) => new Date(iso);

describe("isSendAtAcceptable", () => {
  const now = at("2025-03-10T12:00:00.000Z");
  it.each([
    ["an hour ahead", "2025-03-10T13:00:00.000Z", true],
    ["right now", "2025-03-10T12:00:00.000Z", true],
    ["four minutes ago (within the grace)", "2025-03-10T11:56:00.000Z", true],
    ["ten minutes ago", "2025-03-10T11:50:00.000Z", false],
    ["yesterday", "2025-03-09T12:00:00.000Z", false],
  ])("%s → %s", (_label, sendAt, expected) => {
    expect(isSendAtAcceptable(at(sendAt), now)).toBe(expected);
  });
});

describe("isScheduleDue", () => {
  const sendAt = "2025-03-10T12:00:00.000Z";
  const pending = { sentAt: null, status: "PENDENTE", sendAt: at(sendAt) };
  it.each([
    ["a pending schedule at the queued time", pending, sendAt, true],
    ["the same time written with another offset", pending, "2025-03-10T09:00:00.000-03:00", true],
    ["a deleted schedule", undefined, sendAt, false],
    ["a sent schedule", { ...pending, sentAt: at(sendAt), status: "ENVIADA" }, sendAt, false],
    ["a failed schedule", { ...pending, status: "ERRO" }, sendAt, false],
    ["a schedule moved to another time", { ...pending, sendAt: at("2025-03-10T15:00:00.000Z") }, sendAt, false],
  ])("%s → %s", (_label, schedule, queuedSendAt, expected) => {
    expect(isScheduleDue(schedule, queuedSendAt)).toBe(expected);
  });
});

describe("canChangeSchedule", () => {
  it("allows changes until the schedule was sent", () => {
    expect(canChangeSchedule({ sentAt: null })).toBe(true);
    expect(canChangeSchedule({ sentAt: at("2025-03-10T12:00:00.000Z") })).toBe(false);
  });
});
