/**
 * Measures the send path of the message pipeline over HTTP: `POST /messages/:ticketId` stores the
 * message, updates the ticket and queues its durable send (the send itself is not run: the server
 * process starts the job queue but no workers). Runs on the data of seed-inbox.ts (20,000 open tickets, 2,000,000
 * messages), so the inserts pay for the real indexes. Usage (after the seed):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench npx tsx bench/send.bench.ts
 * It adds messages and jobs to the bench database; re-seed before comparing two versions.
 */
import os from "node:os";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { runLoad, TABLE_HEAD, tableRow } from "./load.ts";
import { runBench, startLoggedIn } from "./server-process.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench";
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

async function main() {
  process.env.BENCH_JOBS = "1";
  const server = await startLoggedIn();
  const { base, headers } = server;
  const database = await openDatabase({ url });
  const { rows } = await database.pool!.query<{ id: number }>("select id from tickets where status = 'open' and user_id = 1 order by id limit 5000");
  const open = rows.map((row) => row.id);
  if (open.length === 0) throw new Error("no open ticket: run bench/seed-inbox.ts first");
  let n = 0;
  const send = () => ({ url: `${base}/messages/${open[n++ % open.length]}`, method: "POST", body: JSON.stringify({ body: `Mensagem de carga ${n}` }) });

  console.log(`send benchmark: ${open.length} open tickets, ${seconds} s per run, node ${process.version}, ${os.cpus().length} cores`);
  console.log(TABLE_HEAD);
  await runLoad("warm-up", send, headers, { concurrency: 2, seconds: 2 });
  for (const concurrency of [1, 2, 8]) {
    const r = await runLoad(`POST /messages/:ticketId, concurrency ${concurrency}`, send, headers, { concurrency, seconds });
    console.log(tableRow(r));
  }
  server.stop();
  await database.close();
}

runBench(url, main);
