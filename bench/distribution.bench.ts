/**
 * Measures distribution on PostgreSQL: the queue metrics (GET /queue/metrics and GET /queue/{id}/metrics)
 * of a company with 100,000 tickets over 5 queues, and the cost of routing one ticket (time and number of
 * queries) with 2 or 50 candidates and 1 or 100 rules. The database is dropped and created again.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_distribution npx tsx bench/distribution.bench.ts
 */
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { type Db, openDatabase } from "../apps/server/src/db/client.ts";
import * as schema from "../apps/server/src/db/schema/index.ts";
import { distributeTicket } from "../apps/server/src/engine/distribution.ts";
import { oneQueueMetrics, queueMetricsOf } from "../apps/server/src/modules/distribution/distribution.metrics.ts";

const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench_distribution");
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const QUEUES = 5;
const AGENTS = 50;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number) => Math.round(n * 100) / 100;

async function timed(runs: number, work: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

async function main() {
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  const name = url.pathname.slice(1);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const migrated = await openDatabase({ url: url.toString() });
  await migrated.migrate();
  await migrated.close();

  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const seed = async (label: string, text: string) => {
    const started = Date.now();
    await pool.query(text);
    console.log(`seeded ${label} in ${Date.now() - started} ms`);
  };
  await seed("company", `insert into plans (name) values ('Bench'); insert into companies (name, plan_id, due_date) values ('Bench Co', 1, now() + interval '1 year')`);
  await seed("queues", `insert into queues (company_id, name, color) select 1, 'Fila ' || g, '#0000' || lpad(g::text, 2, '0') from generate_series(1, ${QUEUES}) g`);
  await seed(
    "agents",
    `insert into users (company_id, name, email, password_hash, profile, online) select 1, 'Agente ' || g, 'agente' || g || '@bench.local', 'x', 'user', g % 3 <> 0 from generate_series(1, ${AGENTS}) g;
     insert into user_queues (company_id, user_id, queue_id) select 1, u.id, 1 + u.id % ${QUEUES} from users u;
     insert into user_queues (company_id, user_id, queue_id) select 1, u.id, 1 from users u where u.id % ${QUEUES} <> 0`,
  );
  await seed("contacts", `insert into contacts (company_id, name, number) select 1, 'Cliente ' || g, (5511900000000 + g)::text from generate_series(1, ${TICKETS}) g`);
  // 180 days of tickets: the latest 2 % open or pending, the rest closed; 90 % accepted 1–120 minutes after creation.
  await seed(
    `${TICKETS} tickets`,
    `insert into tickets (company_id, contact_id, queue_id, user_id, status, created_at, updated_at, accepted_at, closed_at)
     select 1, g, 1 + g % ${QUEUES}, case when s.status = 'pending' then null else 1 + g % ${AGENTS} end, s.status, c.created, c.created,
       case when s.status = 'pending' or g % 10 = 9 then null else c.created + make_interval(mins => (g * 7) % 120 + 1) end,
       case when s.status = 'closed' then c.created + interval '3 hours' else null end
     from generate_series(1, ${TICKETS}) g
     cross join lateral (select now() - make_interval(secs => g::float8 * 180 * 86400 / ${TICKETS}) as created) c
     cross join lateral (select case when g <= ${TICKETS / 50} then (array['open', 'pending'])[1 + g % 2] else 'closed' end as status) s`,
  );
  await seed("configs", `insert into queue_configs (queue_id, company_id, sla_minutes_target, max_open_per_agent) select id, 1, 30, 1000 from queues`);
  await pool.query("analyze");

  let captured = 0;
  const db: Db = drizzle(pool, { schema, casing: "snake_case", logger: { logQuery: () => (captured += 1) } });
  const now = new Date();

  const all = await timed(RUNS, () => queueMetricsOf(db, 1, 7, now));
  const one = await timed(RUNS, () => oneQueueMetrics(db, 1, 1, 7, now, { all: true }));
  const wide = await timed(RUNS, () => queueMetricsOf(db, 1, 90, now));
  console.log("\n| call | p50 ms | p99 ms |\n|---|---|---|");
  console.log(`| GET /queue/metrics (5 queues, 7 days) | ${all.p50} | ${all.p99} |`);
  console.log(`| GET /queue/metrics (90 days) | ${wide.p50} | ${wide.p99} |`);
  console.log(`| GET /queue/{id}/metrics (with last logs) | ${one.p50} | ${one.p99} |`);

  // Routing: a store on queue 1; each case adds its rules (the matching one last) and routes RUNS new pending tickets.
  await pool.query(`insert into stores (company_id, name) values (1, 'Loja'); update queues set store_id = 1 where id = 1`);
  const cases: { label: string; rules: number; users: number[] | null; strategy: string }[] = [
    { label: "1 rule, round_robin over 2 users", rules: 1, users: [1, 2], strategy: "round_robin" },
    { label: "1 rule, least_load over the queue's 40 users", rules: 1, users: null, strategy: "least_load" },
    { label: "100 rules (the last matches), round_robin over 50 users", rules: 100, users: Array.from({ length: AGENTS }, (_, i) => i + 1), strategy: "round_robin" },
  ];
  console.log("\n| routing case | p50 ms | p99 ms | queries per ticket |\n|---|---|---|---|");
  let contact = TICKETS;
  for (const item of cases) {
    await pool.query("delete from distribution_rules");
    for (let i = 1; i <= item.rules; i += 1) {
      const match = i === item.rules ? "pedido" : `palavra${i}, outra${i}`;
      await pool.query(`insert into distribution_rules (company_id, store_id, name, match, strategy, user_ids, position) values (1, 1, $1, $2, $3, $4, $5)`, [
        `Regra ${i}`,
        match,
        item.strategy,
        item.users ?? [],
        i,
      ]);
    }
    const ids: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      contact += 1;
      const { rows } = await pool.query<{ id: number }>(
        `with c as (insert into contacts (company_id, name, number) values (1, 'Novo', $1) returning id)
         insert into tickets (company_id, contact_id, status, queue_id) select 1, c.id, 'pending', 1 from c returning id`,
        [String(5511800000000 + contact)],
      );
      ids.push(rows[0]!.id);
    }
    captured = 0;
    const routing = await timed(RUNS, (i) => distributeTicket({ db }, { companyId: 1, ticketId: ids[i]!, fromQueueId: null, toQueueId: 1, text: "Oi, sobre o meu pedido 123" }));
    console.log(`| ${item.label} | ${routing.p50} | ${routing.p99} | ${round(captured / RUNS)} |`);
  }
  await pool.end();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
