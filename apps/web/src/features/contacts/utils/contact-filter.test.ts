import { describe, expect, it } from "vitest";
import { contactsListQueryKey } from "../api/query-keys.ts";
import { EMPTY_CONTACT_FILTER, belongsToContactList, isRangeReversed, matchesContactFilter, toContactsQuery } from "./contact-filter.ts";

const contact = { id: 1, name: "Maria Lima", number: "5511988887777", email: "maria@example.com", createdAt: new Date(2024, 4, 10, 12).toISOString() };

describe("matchesContactFilter", () => {
  it.each([
    ["no filter", {}, true],
    ["a part of the name in another case", { searchParam: "LIMA" }, true],
    ["a part of the e-mail", { searchParam: "example" }, true],
    ["3 digits of the number", { searchParam: "8887" }, true],
    ["2 digits only", { searchParam: "55" }, false],
    ["another name", { searchParam: "pedro" }, false],
    ["a range around its day", { dateStart: "2024-05-10", dateEnd: "2024-05-10" }, true],
    ["a range after its day", { dateStart: "2024-05-11" }, false],
    ["a range before its day", { dateEnd: "2024-05-09" }, false],
  ])("with %s: %s", (_label, filter, expected) => {
    expect(matchesContactFilter(contact, { ...EMPTY_CONTACT_FILTER, ...filter })).toBe(expected);
  });

  it("tells whether a contact belongs in a cached list by its key", () => {
    const full = { ...contact, uuid: "u", profilePicUrl: null, isGroup: false, whatsappId: null, extraInfo: [], updatedAt: contact.createdAt };
    expect(belongsToContactList(full, contactsListQueryKey({ ...EMPTY_CONTACT_FILTER, searchParam: "maria" }))).toBe(true);
    expect(belongsToContactList(full, contactsListQueryKey({ ...EMPTY_CONTACT_FILTER, searchParam: "pedro" }))).toBe(false);
    expect(belongsToContactList(full, ["other"])).toBe(false);
  });
});

describe("toContactsQuery and isRangeReversed", () => {
  it("leaves empty filters out of the query", () => {
    expect(toContactsQuery({ searchParam: "", dateStart: "2024-05-01", dateEnd: "" }, 2)).toEqual({ searchParam: undefined, dateStart: "2024-05-01", dateEnd: undefined, pageNumber: 2 });
  });

  it("sees a start after the end", () => {
    expect(isRangeReversed({ dateStart: "2024-05-02", dateEnd: "2024-05-01" })).toBe(true);
    expect(isRangeReversed({ dateStart: "2024-05-01", dateEnd: "" })).toBe(false);
  });
});
