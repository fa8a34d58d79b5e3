import { describe, expect, it } from "vitest";
import { formatPhoneNumber } from "./phone-number.ts";

describe("formatPhoneNumber", () => {
  it.each([
    ["5511987654321", "+55 11 98765-4321"],
    ["551133334444", "+55 11 3333-4444"],
    ["+55 (11) 98765-4321", "+55 11 98765-4321"],
    ["351912345678", "+351 912 345 678"],
    ["14155550123", "+1 415 555 0123"],
    ["4915112345678", "+49 151 123 456 78"],
    ["120363000000001234", "120363000000001234"],
    ["5511", "5511"],
    ["abc123", "abc123"],
    ["5599123", "5599123"],
  ])("shows %s as %s", (number, shown) => {
    expect(formatPhoneNumber(number)).toBe(shown);
  });
});
