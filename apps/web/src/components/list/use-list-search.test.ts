import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useListSearch } from "./use-list-search.ts";

describe("useListSearch", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("applies the lower-cased term only after 500 ms without typing", () => {
    const { result } = renderHook(() => useListSearch());
    act(() => result.current.setInput("Ma"));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.setInput("  MaRia "));
    act(() => vi.advanceTimersByTime(499));
    expect(result.current.searchParam).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.searchParam).toBe("maria");
    expect(result.current.input).toBe("  MaRia ");
  });
});
