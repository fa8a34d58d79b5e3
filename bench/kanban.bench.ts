/**
 * Measures opening the kanban board on the data of seed-inbox.ts (100,000 tickets of company 1, 30,000 of
 * them open or pending). The run first lays out a board on that data (idempotent): four kanban lanes, one
 * plain tag, the open and pending tickets spread over 'Em aberto' (40 %) and the lanes, and an attendant
 * working in two of the five queues. Then:
 *   - one lane page alone (GET /ticket/kanban's service), p50/p99 over sequential runs, then the
 *     EXPLAIN ANALYZE of each of its queries;
 *   - over HTTP: opening the board as the web app does (GET /tags/kanban, then the first page of every
 *     lane at once), one board at a time and four at a time, and lane pages under a closed loop.
 * Usage (after the seed; messages do not matter to the board, so a light seed is enough):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_kanban BENCH_MESSAGES_PER_TICKET=1 npx tsx bench/seed-inbox.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_kanban npx tsx bench/kanban.bench.ts
 * BENCH_HTTP=off measures the queries only; over HTTP the server runs in a child process of its own.
 */
import os from "node:os";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { KanbanQuery } from "@conversa/shared";
import type { Db } from "../apps/server/src/db/client.ts";
import { openDatabase } from "../apps/server/src/db/client.ts";
import * as schema from "../apps/server/src/db/schema/index.ts";
import type { RequestContext } from "../apps/server/src/lib/context.ts";
import { hashPassword } from "../apps/server/src/lib/passwords.ts";
import { listKanbanLane } from "../apps/server/src/modules/kanban/kanban.service.ts";
import { runLoad, TABLE_HEAD, tableRow } from "./load.ts";
import { BENCH_LOGIN, runBench, startLoggedIn } from "./server-process.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench_kanban";
const runs = Number(process.env.BENCH_RUNS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const boardOpens = Number(process.env.BENCH_BOARD_OPENS ?? 60);
const overHttp = process.env.BENCH_HTTP !== "off";
const COMPANY_ID = 1;
const AGENT = { email: "bench-agent@conversa.local", password: "bench-pass" };
const LANES = ["Lane Fazendo", "Lane Aguardando", "Lane Feito", "Lane Cancelado"];

interface Captured {
  query: string;
  params: unknown[];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const round = (n: number) => Math.round(n * 10) / 10;

/** The board laid out on the seed: lanes by ticket id (tens digit), a plain tag on one ticket in five, the attendant. */
async function layOutBoard(pool: pg.Pool): Promise<{ laneIds: number[]; agentId: number }> {
  await pool.query("delete from tags where company_id = $1 and (name like 'Lane %' or name = 'Bench VIP')", [COMPANY_ID]);
  const laneIds: number[] = [];
  for (const name of LANES) {
    const { rows } = await pool.query<{ id: number }>("insert into tags (company_id, name, color, kanban) values ($1, $2, '#3F51B5', 1) returning id", [COMPANY_ID, name]);
    laneIds.push(rows[0]!.id);
  }
  const { rows: vip } = await pool.query<{ id: number }>("insert into tags (company_id, name, color, kanban) values ($1, 'Bench VIP', '#FF9800', 0) returning id", [COMPANY_ID]);
  // Tens digit 0-3: 'Em aberto'; 4-5 the first lane, 6-7 the second, 8 the third, 9 the fourth.
  await pool.query(
    `insert into ticket_tags (company_id, ticket_id, tag_id)
     select company_id, id, ($2::int[])[case when (id / 10) % 10 < 6 then 1 when (id / 10) % 10 < 8 then 2 when (id / 10) % 10 = 8 then 3 else 4 end]
     from tickets where company_id = $1 and status in ('open', 'pending') and (id / 10) % 10 >= 4`,
    [COMPANY_ID, laneIds],
  );
  await pool.query("insert into ticket_tags (company_id, ticket_id, tag_id) select company_id, id, $2 from tickets where company_id = $1 and id % 5 = 0", [COMPANY_ID, vip[0]!.id]);
  let { rows: agent } = await pool.query<{ id: number }>("select id from users where email = $1", [AGENT.email]);
  if (!agent.length) {
    ({ rows: agent } = await pool.query<{ id: number }>(
      "insert into users (company_id, name, email, password_hash, profile, super) values ($1, 'Bench Agent', $2, $3, 'user', false) returning id",
      [COMPANY_ID, AGENT.email, await hashPassword(AGENT.password)],
    ));
    await pool.query("insert into user_queues (company_id, user_id, queue_id) select $1, $2, id from queues where company_id = $1 order by id limit 2", [COMPANY_ID, agent[0]!.id]);
  }
  await pool.query("analyze tickets; analyze ticket_tags; analyze tags");
  return { laneIds, agentId: agent[0]!.id };
}

async function login(base: string, credentials: { email: string; password: string }): Promise<Record<string, string>> {
  const response = await fetch(`${base}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(credentials) });
  if (!response.ok) throw new Error(`login of ${credentials.email} answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Opens the board as the web app does: the lanes, then the first page of each at once. Answers the wall time. */
async function openBoard(base: string, headers: Record<string, string>, showAll: boolean): Promise<number> {
  const t0 = performance.now();
  const { lista: lanes } = (await (await fetch(`${base}/tags/kanban`, { headers })).json()) as { lista: { id: number }[] };
  const suffix = showAll ? "&showAll=true" : "";
  const answers = await Promise.all([undefined, ...lanes.map((lane) => lane.id)].map((tagId) => fetch(`${base}/ticket/kanban?pageNumber=1${tagId ? `&tagId=${tagId}` : "&untagged=true"}${suffix}`, { headers })));
  for (const answer of answers) {
    if (!answer.ok) throw new Error(`a lane answered ${answer.status}`);
    await answer.arrayBuffer();
  }
  return performance.now() - t0;
}

async function measureBoardOpens(base: string, headers: Record<string, string>, showAll: boolean, parallel: number): Promise<string> {
  for (let i = 0; i < 5; i += 1) await openBoard(base, headers, showAll);
  const latencies: number[] = [];
  const started = performance.now();
  const worker = async () => {
    while (latencies.length < boardOpens) latencies.push(await openBoard(base, headers, showAll));
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((x, y) => x - y);
  return `${latencies.length} | ${round(latencies.length / elapsed)} | ${round(percentile(latencies, 50))} | ${round(percentile(latencies, 90))} | ${round(percentile(latencies, 99))} | ${round(latencies.at(-1) ?? 0)}`;
}

async function main() {
  const migrated = await openDatabase({ url });
  await migrated.migrate();
  await migrated.close();
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const { laneIds, agentId } = await layOutBoard(pool);
  let capture: Captured[] | null = null;
  const db: Db = drizzle(pool, { schema, casing: "snake_case", logger: { logQuery: (query, params) => capture?.push({ query, params }) } });

  const { rows: sizes } = await pool.query<{ lane: string; n: string }>(
    `select coalesce((select t.name from ticket_tags tt join tags t on t.id = tt.tag_id where tt.ticket_id = k.id and t.kanban = 1 limit 1), 'Em aberto') as lane, count(*) as n
     from tickets k where k.company_id = $1 and k.status in ('open', 'pending') group by 1 order by 1`,
    [COMPANY_ID],
  );
  const { rows: total } = await pool.query<{ n: string }>("select count(*) as n from tickets where company_id = $1", [COMPANY_ID]);
  console.log(`kanban benchmark: ${total[0]?.n} tickets, lanes ${sizes.map((row) => `${row.lane} ${row.n}`).join(", ")}; node ${process.version}, ${os.cpus().length} cores`);

  const admin: RequestContext = { companyId: COMPANY_ID, userId: 1, profile: "admin", isSuper: false };
  const agent: RequestContext = { companyId: COMPANY_ID, userId: agentId, profile: "user", isSuper: false };
  const scenarios: [string, RequestContext, KanbanQuery][] = [
    ["admin, showAll, 'Em aberto' page 1", admin, { pageNumber: 1, untagged: true, showAll: true }],
    ["admin, showAll, largest lane page 1", admin, { pageNumber: 1, showAll: true, tagId: laneIds[0] }],
    ["admin, showAll, smallest lane page 1", admin, { pageNumber: 1, showAll: true, tagId: laneIds[3] }],
    ["admin, showAll, 'Em aberto' page 10", admin, { pageNumber: 10, untagged: true, showAll: true }],
    ["admin, own view (her 5 queues), 'Em aberto' page 1", admin, { pageNumber: 1, untagged: true }],
    ["attendant (2 of 5 queues), 'Em aberto' page 1", agent, { pageNumber: 1, untagged: true }],
    ["attendant (2 of 5 queues), largest lane page 1", agent, { pageNumber: 1, tagId: laneIds[0] }],
    ["attendant, queueIds [1], smallest lane page 1", agent, { pageNumber: 1, tagId: laneIds[3], queueIds: [1] }],
  ];
  console.log(`\nOne lane page alone (every query of the service), ${runs} sequential runs each after 10 warm-up runs:\n`);
  console.log("| lane page | p50 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|");
  const plans: [string, Captured[]][] = [];
  for (const [name, ctx, query] of scenarios) {
    const run = () => listKanbanLane({ db }, ctx, query);
    for (let i = 0; i < 10; i += 1) await run();
    const latencies: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      await run();
      latencies.push(performance.now() - t0);
    }
    latencies.sort((x, y) => x - y);
    console.log(`| ${name} | ${round(percentile(latencies, 50))} | ${round(percentile(latencies, 99))} | ${round(latencies.at(-1) ?? 0)} |`);
    capture = [];
    await run();
    plans.push([name, capture]);
    capture = null;
  }
  if (process.env.BENCH_PLANS !== "off") {
    for (const [name, queries] of plans) {
      for (const { query, params } of queries) {
        // The lane's page and its count (the lane's condition is an EXISTS); the other queries are lookups by key.
        if (!query.includes("exists")) continue;
        const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query}`, params);
        console.log(`\n### ${name}\n\n${query}\n\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
      }
    }
  }
  await pool.end();
  if (!overHttp) return;

  const server = await startLoggedIn();
  const adminHeaders = await login(server.base, BENCH_LOGIN);
  const agentHeaders = await login(server.base, AGENT);
  console.log(`\nOpening the board over HTTP (GET /tags/kanban, then the ${LANES.length + 1} lanes' first pages at once), ${boardOpens} opens:\n`);
  console.log("| who | boards at once | opens | boards/s | p50 ms | p90 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const parallel of [1, 4]) {
    console.log(`| admin, showAll | ${parallel} | ${await measureBoardOpens(server.base, adminHeaders, true, parallel)} |`);
    console.log(`| attendant | ${parallel} | ${await measureBoardOpens(server.base, agentHeaders, false, parallel)} |`);
  }
  const lanePages: [string, string, Record<string, string>][] = [
    ["GET /ticket/kanban 'Em aberto' page 1 (admin, showAll)", "/ticket/kanban?pageNumber=1&untagged=true&showAll=true", adminHeaders],
    ["GET /ticket/kanban largest lane page 1 (admin, showAll)", `/ticket/kanban?pageNumber=1&showAll=true&tagId=${laneIds[0]}`, adminHeaders],
    ["GET /ticket/kanban 'Em aberto' page 5 (attendant)", "/ticket/kanban?pageNumber=5&untagged=true", agentHeaders],
  ];
  console.log(`\nLane pages over HTTP, concurrency ${concurrency}, ${seconds} s each (after 2 s of warm-up):\n`);
  console.log(TABLE_HEAD);
  for (const [name, path, headers] of lanePages) {
    await runLoad(name, () => `${server.base}${path}`, headers, { concurrency, seconds: 2 });
    console.log(tableRow(await runLoad(name, () => `${server.base}${path}`, headers, { concurrency, seconds })));
  }
  server.stop();
}

runBench(url, main);
