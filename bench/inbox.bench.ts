/**
 * Measures the inbox's hot reads over HTTP on the data of seed-inbox.ts: the open and pending tabs, a
 * search, and a page of messages. The server runs in a child process of its own, so the load
 * generator's CPU time is not counted in the server's latency. Usage (after the seed):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench npx tsx bench/inbox.bench.ts
 */
import { fork } from "node:child_process";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { pino } from "pino";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { createPlatform } from "../apps/server/src/platform.ts";
import { runLoad } from "./load.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

/** The child: the app on the bench database, its port sent to the parent. */
async function serve() {
  const config = { ...loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: "silent", SIMULATOR: "off" }), databaseUrl: url };
  const database = await openDatabase({ url });
  await database.migrate();
  const platform = createPlatform(config, database, pino({ level: "silent" }));
  const app = await buildApp(platform);
  await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ port: (app.server.address() as AddressInfo).port });
}

function startServer(): Promise<{ base: string; stop: () => void }> {
  const child = fork(process.argv[1]!, [], { env: { ...process.env, BENCH_ROLE: "server" }, execArgv: process.execArgv });
  return new Promise((resolve, reject) => {
    child.once("message", (message: { port: number }) => resolve({ base: `http://127.0.0.1:${message.port}`, stop: () => child.kill() }));
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function main() {
  const server = await startServer();
  const base = server.base;
  const database = await openDatabase({ url });
  const login = await fetch(`${base}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "bench@conversa.local", password: "bench-pass" }) });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const { rows } = await database.pool!.query<{ count: string }>("select count(*) from tickets");
  const ticketCount = Number(rows[0]?.count ?? 0);
  const randomTicket = () => 1 + Math.floor(Math.random() * ticketCount);
  const words = ["silva", "souza", "pedido", "boleto", "prazo"];

  const scenarios: [string, () => string][] = [
    ["GET /tickets open tab", () => `${base}/tickets?status=open&showAll=true&pageNumber=1`],
    ["GET /tickets pending tab", () => `${base}/tickets?status=pending&showAll=true&pageNumber=1`],
    ["GET /tickets open, queue filter, page 3", () => `${base}/tickets?status=open&showAll=true&queueIds=%5B1%2C2%5D&pageNumber=3`],
    ["GET /tickets search (name, number, message text)", () => `${base}/tickets?searchParam=${words[Math.floor(Math.random() * words.length)]}&showAll=true`],
    ["GET /messages/:ticketId page 1", () => `${base}/messages/${randomTicket()}?pageNumber=1`],
  ];
  console.log(`inbox benchmark: ${ticketCount} tickets, concurrency ${concurrency}, ${seconds} s per scenario, node ${process.version}, ${os.cpus().length} cores`);
  console.log("| scenario | requests | errors | req/s | p50 ms | p90 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [name, makeUrl] of scenarios) {
    await runLoad(name, makeUrl, headers, { concurrency, seconds: 2 });
    const r = await runLoad(name, makeUrl, headers, { concurrency, seconds });
    console.log(`| ${r.name} | ${r.requests} | ${r.errors} | ${r.rps} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} |`);
  }
  server.stop();
  await database.close();
}

(process.env.BENCH_ROLE === "server" ? serve() : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
