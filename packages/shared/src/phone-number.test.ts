import { describe, expect, it } from "vitest";
import { COUNTRY_CODES_WITH_NATIONAL_RULE, dialledDigits, formatPhoneNumber, withDefaultCountryCode } from "./phone-number.ts";

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

describe("withDefaultCountryCode", () => {
  it.each([
    // Brazilian national numbers get 55: mobiles with the 9, 8-digit numbers, masks, the trunk 0.
    ["11987654321", "5511987654321"],
    ["(11) 98765-4321", "5511987654321"],
    ["(11) 8765-4321", "551187654321"],
    ["1133334444", "551133334444"],
    ["011 98765-4321", "5511987654321"],
    ["0 (55) 99123-4567", "5555991234567"],
    ["  21 99876-5432 ", "5521998765432"],
  ])("completes the Brazilian national number %s as %s", (typed, stored) => {
    expect(withDefaultCountryCode(typed, "55")).toBe(stored);
  });

  it.each([
    // Already international: a leading + or 00, or the country code at full length.
    ["+55 11 98765-4321", "5511987654321"],
    ["+1 419 555 0123", "14195550123"],
    ["+351 912 345 678", "351912345678"],
    ["00351 912 345 678", "351912345678"],
    ["0055 11 98765-4321", "5511987654321"],
    ["5511987654321", "5511987654321"],
    ["551133334444", "551133334444"],
    ["14155550123", "14155550123"],
    ["4915112345678", "4915112345678"],
    ["34612345678", "34612345678"],
    // Not a Brazilian number: too short, too long, an area code with a zero, an 11-digit number without the mobile 9.
    ["987654321", "987654321"],
    ["1234567", "1234567"],
    ["119876543210", "119876543210"],
    ["1087654321", "1087654321"],
    ["11887654321", "11887654321"],
    ["1112345678", "1112345678"],
    // Group ids and carrier-selection dialling stay as they are.
    ["120363041234567890", "120363041234567890"],
    ["5511987654321-1612345678", "55119876543211612345678"],
    ["015 11 98765-4321", "01511987654321"],
    ["", ""],
  ])("keeps %s as %s", (typed, stored) => {
    expect(withDefaultCountryCode(typed, "55")).toBe(stored);
  });

  it.each([
    ["351", "912345678", "351912345678"],
    ["351", "212 345 678", "351212345678"],
    ["351", "11987654321", "11987654321"],
    ["351", "351912345678", "351912345678"],
    ["1", "(415) 555-0123", "14155550123"],
    ["1", "1 415 555 0123", "14155550123"],
    ["44", "07700 900123", "447700900123"],
    ["33", "06 12 34 56 78", "33612345678"],
    ["34", "612 345 678", "34612345678"],
  ])("with the default %s completes or keeps %s as %s", (code, typed, stored) => {
    expect(withDefaultCountryCode(typed, code)).toBe(stored);
  });

  it("keeps digits only when the default code has no national rule or there is none", () => {
    expect(withDefaultCountryCode("(11) 98765-4321", "49")).toBe("11987654321");
    expect(withDefaultCountryCode("(11) 98765-4321", null)).toBe("11987654321");
    expect(withDefaultCountryCode("00351 912 345 678", null)).toBe("351912345678");
  });

  it("never completes a number that already has a code with the full length of its national rule", () => {
    for (const code of COUNTRY_CODES_WITH_NATIONAL_RULE) {
      const national = { "55": "11987654321", "351": "912345678", "1": "4155550123", "34": "612345678", "33": "612345678", "44": "7700900123", "52": "5512345678", "57": "3001234567", "56": "912345678", "51": "912345678", "244": "923456789" }[code];
      expect(national, code).toBeDefined();
      const international = withDefaultCountryCode(national ?? "", code);
      expect(international).toBe(`${code}${national}`);
      expect(withDefaultCountryCode(international, code)).toBe(international);
    }
  });
});

describe("dialledDigits", () => {
  it.each([
    ["+55 (11) 98765-4321", "5511987654321"],
    ["00351 912 345 678", "351912345678"],
    ["(11) 98765-4321", "11987654321"],
  ])("reads %s as %s", (typed, digits) => {
    expect(dialledDigits(typed)).toBe(digits);
  });
});
