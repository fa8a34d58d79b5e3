import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { installProcessGuards } from "./process-guards.ts";

/** A stand-in for `process`: the test emits its events without touching the real process's listeners. */
class FakeProcess extends EventEmitter {}

function setup(options: { maxUncaught?: number; windowMs?: number } = {}) {
  const logged: { level: "error" | "fatal"; msg: string; obj: Record<string, unknown> }[] = [];
  const exits: number[] = [];
  const target = new FakeProcess();
  const uninstall = installProcessGuards(
    { error: (obj, msg) => logged.push({ level: "error", msg, obj: { ...obj } }), fatal: (obj, msg) => logged.push({ level: "fatal", msg, obj: { ...obj } }) },
    { ...options, exit: (code) => exits.push(code) },
    target,
  );
  return { target, logged, exits, uninstall };
}

describe("installProcessGuards", () => {
  it("logs an unhandled rejection at error and keeps running", () => {
    const { target, logged, exits } = setup();
    const reason = new Error("nobody awaited this");
    target.emit("unhandledRejection", reason, Promise.resolve());
    expect(logged).toEqual([{ level: "error", msg: "unhandled promise rejection", obj: { err: reason } }]);
    expect(exits).toEqual([]);
  });

  it("logs an uncaught exception at fatal with its origin and keeps running", () => {
    const { target, logged, exits } = setup();
    const error = new Error("thrown in a socket callback");
    target.emit("uncaughtException", error, "uncaughtException");
    expect(logged).toEqual([{ level: "fatal", msg: "uncaught exception", obj: { err: error, origin: "uncaughtException" } }]);
    expect(exits).toEqual([]);
  });

  it("ends the process with 1 when uncaught exceptions come in a burst", () => {
    const { target, logged, exits } = setup({ maxUncaught: 3, windowMs: 60_000 });
    for (let i = 0; i < 3; i++) target.emit("uncaughtException", new Error(`throw ${i}`), "uncaughtException");
    expect(exits).toEqual([]);
    target.emit("uncaughtException", new Error("one too many"), "uncaughtException");
    expect(exits).toEqual([1]);
    expect(logged.at(-1)).toEqual({ level: "fatal", msg: "too many uncaught exceptions; exiting", obj: { count: 4, windowMs: 60_000 } });
  });

  it("forgets exceptions older than the window", async () => {
    const { target, exits } = setup({ maxUncaught: 1, windowMs: 50 });
    target.emit("uncaughtException", new Error("first"), "uncaughtException");
    await new Promise((resolve) => setTimeout(resolve, 80));
    target.emit("uncaughtException", new Error("second, much later"), "uncaughtException");
    expect(exits).toEqual([]);
  });

  it("removes its listeners when uninstalled", () => {
    const { target, uninstall } = setup();
    expect(target.listenerCount("uncaughtException")).toBe(1);
    expect(target.listenerCount("unhandledRejection")).toBe(1);
    uninstall();
    expect(target.listenerCount("uncaughtException")).toBe(0);
    expect(target.listenerCount("unhandledRejection")).toBe(0);
  });

  it("is installed by main.ts on the server's logger", async () => {
    const { readFile } = await import("node:fs/promises");
    const main = await readFile(new URL("./main.ts", import.meta.url), "utf8");
    expect(main).toMatch(/installProcessGuards\(logger\)/);
  });
});
