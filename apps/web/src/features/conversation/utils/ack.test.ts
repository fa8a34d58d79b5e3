import { describe, expect, it } from "vitest";
import { ackIconOf, messageStatusIcon } from "./ack.ts";

describe("ackIconOf", () => {
  it.each([
    [0, "clock"],
    [1, "single"],
    [2, "single"],
    [3, "double"],
    [4, "doubleBlue"],
    [5, "doubleBlue"],
  ] as const)("shows ack %i as %s", (ack, icon) => {
    expect(ackIconOf(ack)).toBe(icon);
  });

  it("shows the clock for a value outside the known range", () => {
    expect(ackIconOf(9)).toBe("clock");
  });
});

describe("messageStatusIcon", () => {
  it("shows a failed send as failed whatever its ack", () => {
    expect(messageStatusIcon({ ack: 0, sendStatus: "failed" })).toBe("failed");
  });

  it("shows a sent message by its ack", () => {
    expect(messageStatusIcon({ ack: 3, sendStatus: "sent" })).toBe("double");
  });
});
