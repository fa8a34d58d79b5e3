import { describe, expect, it } from "vitest";
import { isPhoneComplete, maskPhone, phoneDigits } from "./phone-mask.ts";

describe("maskPhone", () => {
  it.each([
    ["", ""],
    ["1", "(1"],
    ["11", "(11"],
    ["119", "(11) 9"],
    ["119876", "(11) 9876"],
    ["1198765", "(11) 9876-5"],
    ["1134567890", "(11) 3456-7890"],
    ["11987654321", "(11) 98765-4321"],
    ["(11) 98765-4321", "(11) 98765-4321"],
    ["119876543210999", "(11) 98765-4321"],
    ["abc", ""],
  ])("writes %s as %s", (typed, masked) => {
    expect(maskPhone(typed)).toBe(masked);
  });
});

describe("phoneDigits", () => {
  it("keeps at most 11 digits", () => {
    expect(phoneDigits("(11) 98765-43219")).toBe("11987654321");
  });
});

describe("isPhoneComplete", () => {
  it.each([
    ["", true],
    ["(11) 98765-4321", true],
    ["(11) 3456-7890", true],
    ["(11) 9876-543", false],
    ["(11", false],
  ])("%s → %s", (typed, complete) => {
    expect(isPhoneComplete(typed)).toBe(complete);
  });
});
