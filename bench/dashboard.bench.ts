/**
 * Measures the dashboard on the history of seed-dashboard.ts (100,000 tickets of company 1): each query of
 * the three endpoints run alone (p50/p99 over sequential runs, then its EXPLAIN ANALYZE), and the endpoints
 * over HTTP at concurrency 8, for the last 30 and 90 days. Usage (after the seed):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_dashboard npx tsx bench/dashboard.bench.ts
 * The schema is the migrated one (the run applies pending migrations first). BENCH_HTTP=off measures the
 * queries only; over HTTP the server runs in a child process of its own.
 */
import os from "node:os";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { shiftDay } from "@conversa/shared";
import { type Db, openDatabase } from "../apps/server/src/db/client.ts";
import * as schema from "../apps/server/src/db/schema/index.ts";
import {
  type Period,
  countTickets,
  countTicketsByAttendant,
  countTicketsCreatedBy,
  listAttendants,
} from "../apps/server/src/modules/dashboard/dashboard.repository.ts";
import { runLoad, TABLE_HEAD, tableRow } from "./load.ts";
import { runBench, startLoggedIn } from "./server-process.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench_dashboard";
const runs = Number(process.env.BENCH_RUNS ?? 200);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const overHttp = process.env.BENCH_HTTP !== "off";
const COMPANY_ID = 1;
const TIMEZONE = "America/Sao_Paulo";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const round = (n: number) => Math.round(n * 100) / 100;

interface Captured {
  query: string;
  params: unknown[];
}

async function main() {
  const migrated = await openDatabase({ url });
  await migrated.migrate();
  await migrated.close();
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  await pool.query("analyze tickets");

  let capture: Captured[] | null = null;
  const db: Db = drizzle(pool, {
    schema,
    casing: "snake_case",
    logger: { logQuery: (query, params) => capture?.push({ query, params }) },
  });
  const { rows: today } = await pool.query<{ day: string }>("select to_char((now() at time zone $1::text)::date, 'YYYY-MM-DD') as day", [TIMEZONE]);
  const day = today[0]?.day ?? "";
  const periodOf = (days: number): Period => ({ from: shiftDay(day, 1 - days), to: day, timezone: TIMEZONE });
  const { rows: counted } = await pool.query<{ n: string }>("select count(*) as n from tickets where company_id = $1", [COMPANY_ID]);

  const scenarios: [string, (db: Db) => Promise<unknown>][] = [];
  for (const days of [30, 90]) {
    const period = periodOf(days);
    scenarios.push(
      [`GET /dashboard counters, ${days} days`, (d) => countTickets(d, COMPANY_ID, period)],
      [`GET /dashboard attendants, ${days} days`, (d) => listAttendants(d, COMPANY_ID, period)],
      [`GET /dashboard/ticketsDay by day, ${days} days`, (d) => countTicketsCreatedBy(d, COMPANY_ID, period, "day")],
      [`GET /dashboard/ticketsUsers, ${days} days`, (d) => countTicketsByAttendant(d, COMPANY_ID, period)],
    );
  }
  scenarios.push([`GET /dashboard/ticketsDay by hour, one day`, (d) => countTicketsCreatedBy(d, COMPANY_ID, periodOf(1), "hour")]);

  console.log(`dashboard benchmark: ${counted[0]?.n ?? 0} tickets of company ${COMPANY_ID}, node ${process.version}, ${os.cpus().length} cores`);
  console.log(`\nQueries alone, ${runs} sequential runs each (after 20 warm-up runs):\n`);
  console.log("| query | p50 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|");
  const plans: [string, Captured[]][] = [];
  for (const [name, run] of scenarios) {
    for (let i = 0; i < 20; i += 1) await run(db);
    const latencies: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      await run(db);
      latencies.push(performance.now() - t0);
    }
    latencies.sort((x, y) => x - y);
    console.log(`| ${name} | ${round(percentile(latencies, 50))} | ${round(percentile(latencies, 99))} | ${round(latencies.at(-1) ?? 0)} |`);
    capture = [];
    await run(db);
    plans.push([name, capture]);
    capture = null;
  }

  for (const [name, queries] of plans) {
    for (const { query, params } of queries) {
      const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query}`, params);
      console.log(`\n### ${name}\n\n${query}\n\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
  }

  if (!overHttp) {
    await pool.end();
    return;
  }
  const server = await startLoggedIn();
  const { base, headers } = server;
  const range = (days: number) => `initialDate=${periodOf(days).from}&finalDate=${day}`;
  const endpoints: [string, string][] = [
    ["GET /dashboard?days=30", "/dashboard?days=30"],
    ["GET /dashboard?days=90", "/dashboard?days=90"],
    ["GET /dashboard/ticketsDay 30 days", `/dashboard/ticketsDay?${range(30)}`],
    ["GET /dashboard/ticketsDay 90 days", `/dashboard/ticketsDay?${range(90)}`],
    ["GET /dashboard/ticketsDay one day (by hour)", `/dashboard/ticketsDay?${range(1)}`],
    ["GET /dashboard/ticketsUsers 30 days", `/dashboard/ticketsUsers?${range(30)}`],
    ["GET /dashboard/ticketsUsers 90 days", `/dashboard/ticketsUsers?${range(90)}`],
  ];
  console.log(`\nOver HTTP, concurrency ${concurrency}, ${seconds} s per endpoint (after 2 s of warm-up):\n`);
  console.log(TABLE_HEAD);
  for (const [name, path] of endpoints) {
    await runLoad(name, () => `${base}${path}`, headers, { concurrency, seconds: 2 });
    const r = await runLoad(name, () => `${base}${path}`, headers, { concurrency, seconds });
    console.log(tableRow(r));
  }
  server.stop();
  await pool.end();
}

runBench(url, main);
