import { describe, expect, it } from "vitest";
import { staysSelectedAfterAction, statusChangeBody, ticketActionsFor } from "./ticket-actions.ts";

describe("ticketActionsFor", () => {
  it.each([
    ["pending", ["accept"]],
    ["open", ["return", "resolve", "transfer"]],
    ["closed", ["reopen"]],
  ] as const)("offers %s tickets %j", (status, actions) => {
    expect(ticketActionsFor(status)).toEqual(actions);
  });
});

describe("statusChangeBody", () => {
  it.each([
    ["accept", { status: "open" }],
    ["reopen", { status: "open" }],
    ["return", { status: "pending", userId: null }],
    ["resolve", { status: "closed" }],
  ] as const)("sends %s as %j", (action, body) => {
    expect(statusChangeBody(action)).toEqual(body);
  });
});

describe("staysSelectedAfterAction", () => {
  it("keeps only an open ticket selected", () => {
    expect(staysSelectedAfterAction("open")).toBe(true);
    expect(staysSelectedAfterAction("pending")).toBe(false);
    expect(staysSelectedAfterAction("closed")).toBe(false);
  });
});
