import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { logIn } from "./helpers.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./playwright.config.ts";

/** A server of this spec's own, beside the one the other specs share: stopping that one would end them. */
const PORT = Number(process.env.E2E_PORT ?? 8181) + 50;
const ROOT = path.resolve(import.meta.dirname, "..");
/** What an operator may expect of SIGTERM or Ctrl+C: a few seconds, whatever is connected. */
const STOP_WITHIN_MS = 5_000;

async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it answered`);
    const healthy = await fetch(`${base}/health`).then((response) => response.ok, () => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error("the server did not answer /health within 90 s");
}

test.describe("stopping the server", () => {
  test("SIGTERM ends the server within seconds while a browser is logged in with its realtime connection open, and the page says it is reconnecting", async ({ browser }) => {
    test.setTimeout(150_000);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "conversa-shutdown-"));
    const base = `http://localhost:${PORT}`;
    const server = spawn(process.execPath, ["apps/server/dist/main.js"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, LOG_LEVEL: "warn", PUBLIC_URL: base },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => server.once("exit", (code) => resolve({ code, at: Date.now() })));
    const context = await browser.newContext({ baseURL: base });
    try {
      await waitHealthy(base, server);
      const page = await context.newPage();
      // The realtime connection is a websocket that has carried frames: the server's own greeting at least.
      const socketOpen = page.waitForEvent("websocket", { predicate: (socket) => socket.url().includes("/socket.io/") });
      await logIn(page);
      const socket = await socketOpen;
      await socket.waitForEvent("framereceived");
      await expect(page.getByText("Conexão perdida. Tentando reconectar…")).toBeHidden();

      const asked = Date.now();
      server.kill("SIGTERM");
      const { code, at } = await exited;
      expect(at - asked, "milliseconds from SIGTERM to the process's exit").toBeLessThan(STOP_WITHIN_MS);
      expect(code, "a clean exit").toBe(0);
      await expect(page.getByText("Conexão perdida. Tentando reconectar…")).toBeVisible({ timeout: 15_000 });
    } finally {
      await context.close();
      if (server.exitCode === null) server.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
