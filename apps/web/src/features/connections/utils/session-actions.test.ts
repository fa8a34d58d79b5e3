import { CONNECTION_STATUSES, type ConnectionStatus } from "@conversa/shared";
import { describe, expect, it } from "vitest";
import { type SessionAction, sessionActionsFor } from "./session-actions.ts";

describe("sessionActionsFor", () => {
  it.each<[ConnectionStatus, SessionAction[]]>([
    ["DISCONNECTED", ["retry", "newQr"]],
    ["qrcode", ["showQr"]],
    ["CONNECTED", ["disconnect"]],
    ["PAIRING", ["disconnect"]],
    ["TIMEOUT", ["disconnect"]],
    ["OPENING", ["connecting"]],
  ])("a connection in status %s offers %j", (status, actions) => {
    expect(sessionActionsFor(status)).toEqual(actions);
  });

  it("offers no QR code to an official-line connection: only trying again once disconnected", () => {
    expect(sessionActionsFor("DISCONNECTED", "cloud")).toEqual(["retry"]);
    expect(sessionActionsFor("CONNECTED", "cloud")).toEqual(["disconnect"]);
    expect(sessionActionsFor("DISCONNECTED", "beta")).toEqual(["retry", "newQr"]);
  });

  it("covers every status", () => {
    for (const status of CONNECTION_STATUSES) expect(sessionActionsFor(status).length).toBeGreaterThan(0);
  });
});
