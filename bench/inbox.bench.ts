/**
 * Measures the inbox's hot reads over HTTP on the data of seed-inbox.ts: the open and pending tabs, a
 * search, and a page of messages. The server runs in a child process of its own, so the load
 * generator's CPU time is not counted in the server's latency. Usage (after the seed):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench npx tsx bench/inbox.bench.ts
 */
import os from "node:os";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { runLoad, TABLE_HEAD, tableRow } from "./load.ts";
import { runBench, startLoggedIn } from "./server-process.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);

async function main() {
  const server = await startLoggedIn();
  const { base, headers } = server;
  const database = await openDatabase({ url });
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
  console.log(TABLE_HEAD);
  for (const [name, makeUrl] of scenarios) {
    await runLoad(name, makeUrl, headers, { concurrency, seconds: 2 });
    const r = await runLoad(name, makeUrl, headers, { concurrency, seconds });
    console.log(tableRow(r));
  }
  server.stop();
  await database.close();
}

runBench(url, main);
