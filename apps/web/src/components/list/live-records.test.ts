import { describe, expect, it } from "vitest";
import { isNearBottom } from "./infinite-list-area.tsx";
import { nameMatchesListSearch, removeRecord, upsertRecord } from "./live-records.ts";

const data = (...pages: { id: number; name: string }[][]) => ({
  pages: pages.map((records, i) => ({ records, hasMore: i < pages.length - 1 })),
  pageParams: pages.map((_, i) => i + 1),
});

describe("live list records", () => {
  it("puts a new record first when it belongs to the list", () => {
    const next = upsertRecord(data([{ id: 1, name: "a" }], [{ id: 2, name: "b" }]), { id: 3, name: "c" }, true);
    expect(next?.pages[0]?.records.map((r) => r.id)).toEqual([3, 1]);
    expect(next?.pages[1]?.records.map((r) => r.id)).toEqual([2]);
  });

  it("leaves a list the new record does not match alone", () => {
    const next = upsertRecord(data([{ id: 1, name: "a" }]), { id: 3, name: "c" }, false);
    expect(next?.pages[0]?.records.map((r) => r.id)).toEqual([1]);
  });

  it("replaces a changed record where it is, on any page", () => {
    const next = upsertRecord(data([{ id: 1, name: "a" }], [{ id: 2, name: "b" }]), { id: 2, name: "B" }, true);
    expect(next?.pages[1]?.records).toEqual([{ id: 2, name: "B" }]);
    expect(next?.pages[0]?.records).toEqual([{ id: 1, name: "a" }]);
  });

  it("drops a changed record that no longer matches the list's search", () => {
    const next = upsertRecord(data([{ id: 1, name: "a" }, { id: 2, name: "b" }]), { id: 2, name: "zzz" }, false);
    expect(next?.pages[0]?.records.map((r) => r.id)).toEqual([1]);
  });

  it("removes a deleted record", () => {
    const next = removeRecord(data([{ id: 1, name: "a" }], [{ id: 2, name: "b" }]), 2);
    expect(next?.pages.map((p) => p.records.length)).toEqual([1, 0]);
  });

  it("leaves an uncached list uncached", () => {
    expect(upsertRecord(undefined, { id: 1, name: "a" }, true)).toBeUndefined();
    expect(removeRecord(undefined, 1)).toBeUndefined();
  });
});

describe("isNearBottom", () => {
  it.each([
    { scrollTop: 0, scrollHeight: 1000, clientHeight: 500, near: false },
    { scrollTop: 399, scrollHeight: 1000, clientHeight: 500, near: false },
    { scrollTop: 400, scrollHeight: 1000, clientHeight: 500, near: true },
    { scrollTop: 500, scrollHeight: 1000, clientHeight: 500, near: true },
  ])("is $near at scrollTop $scrollTop", ({ near, ...el }) => {
    expect(isNearBottom(el)).toBe(near);
  });

  it("matches a record's name against the search term ending a list's key, ignoring case", () => {
    expect(nameMatchesListSearch({ name: "Robô de Vendas" }, ["prompts", "list", "VENDAS"])).toBe(true);
    expect(nameMatchesListSearch({ name: "Robô de Vendas" }, ["prompts", "list", "suporte"])).toBe(false);
    expect(nameMatchesListSearch({ name: "Robô de Vendas" }, ["prompts", "list", " "])).toBe(true);
  });
});
