import { describe, expect, it } from "vitest";
import { distributionLogKindOf } from "./distribution.ts";

describe("distributionLogKindOf", () => {
  it.each([
    ["round_robin", "round_robin"],
    ["least_load", "least_load"],
    ["transfer", "transfer"],
    ["return", "return"],
    ["bot-handover", "bot-handover"],
    ["chatbot", "chatbot"],
    ["something-else", undefined],
    ["", undefined],
  ] as const)("names the label of a log's strategy %j", (value, expected) => {
    expect(distributionLogKindOf(value)).toBe(expected);
  });
});
