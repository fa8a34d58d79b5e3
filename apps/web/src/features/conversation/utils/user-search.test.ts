import { describe, expect, it } from "vitest";
import { filterByName, isSearchable } from "./user-search.ts";

const users = [{ name: "João Pereira" }, { name: "Joana Lima" }, { name: "Marcos" }];

describe("filterByName", () => {
  it("does not search below 3 characters", () => {
    expect(isSearchable("jo")).toBe(false);
    expect(filterByName(users, "jo")).toEqual([]);
    expect(filterByName(users, "  jo ")).toEqual([]);
  });

  it("finds names containing the term, ignoring case and accents", () => {
    expect(filterByName(users, "JOA").map((u) => u.name)).toEqual(["João Pereira", "Joana Lima"]);
    expect(filterByName(users, "pere").map((u) => u.name)).toEqual(["João Pereira"]);
    expect(filterByName(users, "xyz")).toEqual([]);
  });
});
