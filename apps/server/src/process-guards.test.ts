import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { installProcessGuards } from "./process-guards.ts";

/** A stand-in for `process`: the test emits its events without touching the real process's listeners. */
class FakeProcess extends EventEmitter {}

function setup() {
  const logged: { level: "error" | "fatal"; msg: string; obj: Record<string, unknown> }[] = [];
  const target = new FakeProcess();
  const uninstall = installProcessGuards(
    { error: (obj, msg) => logged.push({ level: "error", msg, obj: { ...obj } }), fatal: (obj, msg) => logged.push({ level: "fatal", msg, obj: { ...obj } }) },
    target,
  );
  return { target, logged, uninstall };
}

describe("installProcessGuards", () => {
  it("logs an unhandled rejection at error", () => {
    const { target, logged } = setup();
    const reason = new Error("nobody awaited this");
    target.emit("unhandledRejection", reason, Promise.resolve());
    expect(logged).toEqual([{ level: "error", msg: "unhandled promise rejection", obj: { err: reason } }]);
  });

  it("logs every uncaught exception at fatal with its origin, however many come", () => {
    const { target, logged } = setup();
    const errors = Array.from({ length: 50 }, (_, i) => new Error(`thrown in a socket callback ${i}`));
    for (const error of errors) target.emit("uncaughtException", error, "uncaughtException");
    expect(logged).toEqual(errors.map((error) => ({ level: "fatal", msg: "uncaught exception", obj: { err: error, origin: "uncaughtException" } })));
  });

  it("keeps the real process running after an uncaught exception in a timer", async () => {
    const logged: string[] = [];
    // The test process's own detector steps aside for a moment: the guards are the only listener.
    const vitest = process.listeners("uncaughtException");
    process.removeAllListeners("uncaughtException");
    const uninstall = installProcessGuards({ error: () => undefined, fatal: (obj, msg) => logged.push(`${msg}: ${"err" in obj && obj.err instanceof Error ? obj.err.message : ""}`) });
    try {
      setTimeout(() => {
        throw new Error("thrown in a timer");
      }, 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      uninstall();
      for (const listener of vitest) process.on("uncaughtException", listener);
    }
    expect(logged).toEqual(["uncaught exception: thrown in a timer"]);
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
