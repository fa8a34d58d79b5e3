import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useTasks } from "./use-tasks.ts";

function clock(...isoTimes: string[]) {
  let index = 0;
  return () => new Date(isoTimes[Math.min(index++, isoTimes.length - 1)] ?? 0);
}

function storedTasks(): unknown {
  return JSON.parse(sessionStorage.getItem("tasks") ?? "null");
}

describe("useTasks", () => {
  it("adds a task with createdAt and updatedAt and keeps it in sessionStorage", () => {
    const now = clock("2025-05-01T10:00:00.000Z");
    const { result } = renderHook(() => useTasks(now));

    act(() => {
      expect(result.current.addTask("  Call the supplier ")).toBe(true);
    });

    const expected = [
      { text: "Call the supplier", createdAt: "2025-05-01T10:00:00.000Z", updatedAt: "2025-05-01T10:00:00.000Z" },
    ];
    expect(result.current.tasks).toEqual(expected);
    expect(storedTasks()).toEqual(expected);
  });

  it("ignores empty and whitespace-only text", () => {
    const { result } = renderHook(() => useTasks());

    act(() => {
      expect(result.current.addTask("")).toBe(false);
      expect(result.current.addTask("   \n\t")).toBe(false);
    });

    expect(result.current.tasks).toEqual([]);
    expect(sessionStorage.getItem("tasks")).toBeNull();
  });

  it("edits a task's text and stamps updatedAt, keeping createdAt", () => {
    const now = clock("2025-05-01T10:00:00.000Z", "2025-05-02T08:30:00.000Z");
    const { result } = renderHook(() => useTasks(now));
    act(() => {
      result.current.addTask("Draft");
    });

    act(() => {
      expect(result.current.updateTask(0, "Final")).toBe(true);
    });

    expect(result.current.tasks).toEqual([
      { text: "Final", createdAt: "2025-05-01T10:00:00.000Z", updatedAt: "2025-05-02T08:30:00.000Z" },
    ]);
    expect(storedTasks()).toEqual(result.current.tasks);
  });

  it("does not replace a task's text with blank text", () => {
    const { result } = renderHook(() => useTasks());
    act(() => {
      result.current.addTask("Keep me");
    });

    act(() => {
      expect(result.current.updateTask(0, "  ")).toBe(false);
    });

    expect(result.current.tasks.map((task) => task.text)).toEqual(["Keep me"]);
  });

  it("deletes a task", () => {
    const { result } = renderHook(() => useTasks());
    act(() => {
      result.current.addTask("First");
    });
    act(() => {
      result.current.addTask("Second");
    });

    act(() => result.current.deleteTask(0));

    expect(result.current.tasks.map((task) => task.text)).toEqual(["Second"]);
    expect(storedTasks()).toEqual(result.current.tasks);
  });

  it("starts from the tasks already stored and ignores unreadable storage", () => {
    const task = { text: "Stored", createdAt: "2025-01-01T00:00:00.000Z", updatedAt: "2025-01-01T00:00:00.000Z" };
    sessionStorage.setItem("tasks", JSON.stringify([task]));
    expect(renderHook(() => useTasks()).result.current.tasks).toEqual([task]);

    sessionStorage.setItem("tasks", "{not json");
    expect(renderHook(() => useTasks()).result.current.tasks).toEqual([]);
  });
});
