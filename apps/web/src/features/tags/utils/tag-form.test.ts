import { describe, expect, it } from "vitest";
import { toColorInputValue, toTagBody } from "./tag-form.ts";

describe("toColorInputValue", () => {
  it.each([
    ["#ABC", "#aabbcc"],
    ["#2DDD7F", "#2ddd7f"],
    ["#11223344", "#112233"],
    ["red", "#2ddd7f"],
  ])("shows %s as %s in a colour input", (stored, shown) => {
    expect(toColorInputValue(stored)).toBe(shown);
  });
});

describe("toTagBody", () => {
  it("sends the kanban flag only for those who may set it", () => {
    expect(toTagBody({ name: " VIP ", color: "#ff0000", kanban: true }, true)).toEqual({ name: "VIP", color: "#ff0000", kanban: 1 });
    expect(toTagBody({ name: "VIP", color: "#ff0000", kanban: true }, false)).toEqual({ name: "VIP", color: "#ff0000" });
  });
});
