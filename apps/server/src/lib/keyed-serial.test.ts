import { describe, expect, it } from "vitest";
import { KeyedSerial } from "./keyed-serial.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("KeyedSerial", () => {
  it("runs the tasks of one key one at a time, in order, and those of other keys beside them", async () => {
    const serial = new KeyedSerial<string>();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([serial.run("a", task("a1")), serial.run("a", task("a2")), serial.run("b", task("b1"))]);
    expect(results).toEqual(["a1", "a2", "b1"]);
    expect(log.indexOf("a1 end")).toBeLessThan(log.indexOf("a2 start"));
    expect(log.indexOf("b1 start")).toBeLessThan(log.indexOf("a1 end"));
  });

  it("goes on after a failed task, gives the failure to its caller, and forgets idle keys", async () => {
    const serial = new KeyedSerial<number>();
    const failed = serial.run(1, async () => {
      throw new Error("boom");
    });
    const next = serial.run(1, async () => "after");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("after");
    await tick();
    expect(serial.size).toBe(0);
  });
});
