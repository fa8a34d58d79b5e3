/**
 * The app under load in a child process of its own, so that the load generator's CPU time is never
 * counted as server latency. A bench script calls `startServer()`; the same script, re-run as the
 * child (`BENCH_ROLE=server`), calls `serveIfChild()` and never returns.
 */
import { type ChildProcess, fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { pino } from "pino";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { createPlatform } from "../apps/server/src/platform.ts";

async function serve(url: string): Promise<void> {
  const config = { ...loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: "silent", SIMULATOR: "off" }), databaseUrl: url };
  const database = await openDatabase({ url });
  await database.migrate();
  const platform = createPlatform(config, database, pino({ level: "silent" }));
  const app = await buildApp(platform);
  // The send path queues a job: the queue runs (no workers, no channel sessions) when a bench asks for it.
  if (process.env.BENCH_JOBS === "1") await platform.jobs.start();
  await app.listen({ port: 0, host: "127.0.0.1" });
  // Stopped by its bench: exit normally, so that --cpu-prof and the like write their files.
  process.once("SIGTERM", () => process.exit(0));
  process.send?.({ port: (app.server.address() as AddressInfo).port });
}

/** In the child process: serves the app on `url` and answers true; in the parent: answers false. */
export function serveIfChild(url: string): boolean {
  if (process.env.BENCH_ROLE !== "server") return false;
  serve(url).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
  return true;
}

/** A server forked by a bench: its base URL, its process (for /proc and messages), and how to stop it. */
export interface BenchServer {
  base: string;
  child: ChildProcess;
  stop: () => void;
}

/** Forks this script as the server (or as another role it serves) and answers its base URL once it listens. */
export function startServer(role = "server"): Promise<BenchServer> {
  const child = fork(process.argv[1]!, [], { env: { ...process.env, BENCH_ROLE: role }, execArgv: process.execArgv });
  return new Promise((resolve, reject) => {
    child.once("message", (message: { port: number }) => resolve({ base: `http://127.0.0.1:${message.port}`, child, stop: () => child.kill() }));
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

/** The seeds' admin (seed-inbox.ts, seed-dashboard.ts). */
export const BENCH_LOGIN = { email: "bench@conversa.local", password: "bench-pass" };

/** Starts the server and logs in as the seeds' admin: its base URL and the bearer header to send. */
export async function startLoggedIn(): Promise<BenchServer & { headers: Record<string, string> }> {
  const server = await startServer();
  const login = await fetch(`${server.base}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(BENCH_LOGIN) });
  if (!login.ok) {
    server.stop();
    throw new Error(`bench login answered ${login.status}: seed the bench database first`);
  }
  const { token } = (await login.json()) as { token: string };
  return { ...server, headers: { authorization: `Bearer ${token}` } };
}

/** A bench script's entry: serves the app when run as the child, else runs `main` and exits 1 on its failure. */
export function runBench(url: string, main: () => Promise<void>): void {
  if (serveIfChild(url)) return;
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
