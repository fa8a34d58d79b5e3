import { describe, expect, it } from "vitest";
import { hasConnectionAlert } from "./connection-alert.ts";

describe("hasConnectionAlert", () => {
  it.each([
    ["qrcode", true],
    ["PAIRING", true],
    ["DISCONNECTED", true],
    ["TIMEOUT", true],
    ["OPENING", true],
    ["CONNECTED", false],
    ["QRCODE", false],
  ])("a connection in status %s → badge %s", (status, expected) => {
    expect(hasConnectionAlert([{ status: "CONNECTED" }, { status }])).toBe(expected);
  });

  it("shows no badge without connections", () => {
    expect(hasConnectionAlert([])).toBe(false);
  });
});
