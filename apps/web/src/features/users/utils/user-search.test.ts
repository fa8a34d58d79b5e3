import { describe, expect, it } from "vitest";
import { belongsToList, matchesSearch } from "./user-search.ts";

const jose = { name: "José Álvares", email: "JOSE@Example.com" };

describe("matchesSearch", () => {
  it.each([
    ["", true],
    ["jose alvares", true],
    ["ÁLVA", true],
    ["example.com", true],
    ["maria", false],
  ])("%j → %s", (term, expected) => {
    expect(matchesSearch(jose, term)).toBe(expected);
  });
});

describe("belongsToList", () => {
  it("reads the search term from the list's query key and refuses other keys", () => {
    expect(belongsToList(jose, ["users", "list", { searchParam: "jose" }])).toBe(true);
    expect(belongsToList(jose, ["users", "list", { searchParam: "maria" }])).toBe(false);
    expect(belongsToList(jose, ["users", "detail", 4])).toBe(false);
  });
});
