/**
 * Generates the dashboard benchmark's history on a PostgreSQL server: company 1 with 20 attendants and
 * 100,000 tickets created over the last 180 days (about 555 a day; wait, support and closing times that vary,
 * ratings on 40 % of the accepted closed tickets), and company 2 with 20,000 tickets that must never be read.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_dashboard npx tsx bench/seed-dashboard.ts
 * The database is dropped and created again. The dashboard reads no messages; BENCH_MESSAGES_PER_TICKET
 * (default 0) adds them for a database of the inbox benchmark's size.
 */
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { hashPassword } from "../apps/server/src/lib/passwords.ts";
import { ensureDefaultSettings } from "../apps/server/src/modules/settings/settings.repository.ts";

const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench_dashboard");
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const OTHER_TICKETS = Number(process.env.BENCH_OTHER_TICKETS ?? 20_000);
const MESSAGES_PER_TICKET = Number(process.env.BENCH_MESSAGES_PER_TICKET ?? 0);
const ATTENDANTS = 20;
const DAYS = 180;

/**
 * Tickets of one company, newest first: the latest 1 % are the day's work (60 % open, 20 % pending, 20 %
 * closed); older ones are closed but for one in 500 left open. One closed ticket in ten was never accepted
 * (closed by the bot or by expiry). `offset` keeps contact ids apart; attendants are firstUser..firstUser+19.
 */
function ticketsSql(companyId: number, count: number, offset: number, firstUser: number): string {
  return `insert into tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, last_message, created_at, updated_at, accepted_at, closed_at)
    select ${companyId}, ${offset} + g, null, null, case when a.accepted is null then null else ${firstUser} + g % ${ATTENDANTS} end,
      s.status, 'mensagem ' || g, c.created, coalesce(k.closed, a.accepted, c.created), a.accepted, k.closed
    from generate_series(1, ${count}) g
    cross join lateral (select now() - make_interval(secs => g::float8 * ${DAYS * 86_400} / ${count} + (g * 37) % 900) as created) c
    cross join lateral (select case
      when g <= ${Math.ceil(count / 100)} then (array['open', 'open', 'open', 'pending', 'closed'])[1 + g % 5]
      when g % 500 = 0 then 'open' else 'closed' end as status) s
    cross join lateral (select case when s.status = 'pending' or (s.status = 'closed' and g % 10 = 9) then null
      else c.created + make_interval(mins => (g * 7) % 120 + 1) end as accepted) a
    cross join lateral (select case when s.status <> 'closed' then null
      else coalesce(a.accepted, c.created) + make_interval(mins => (g * 13) % 600 + 5) end as closed) k`;
}

async function main() {
  const dbName = url.pathname.slice(1);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();

  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  const pool = database.pool!;
  const t0 = Date.now();
  const step = async (label: string, text: string, params: unknown[] = []) => {
    const s = Date.now();
    await pool.query(text, params);
    console.log(`${label}: ${((Date.now() - s) / 1000).toFixed(1)} s`);
  };
  await step("plan and companies", `insert into plans (name) values ('Bench'); insert into companies (name, plan_id, due_date) values ('Bench Co', 1, now() + interval '1 year'), ('Other Co', 1, now() + interval '1 year')`);
  await ensureDefaultSettings(database.db, 1);
  await ensureDefaultSettings(database.db, 2);
  const hash = await hashPassword("bench-pass");
  // User 1: the admin; 2..21: company 1's attendants; 22..41: company 2's.
  await pool.query(`insert into users (company_id, name, email, password_hash, profile, super) values (1, 'Bench Admin', 'bench@conversa.local', $1, 'admin', false)`, [hash]);
  await step(
    "attendants",
    `insert into users (company_id, name, email, password_hash, profile, online)
     select c, 'Atendente ' || c || '-' || g, 'att' || c || '-' || g || '@bench.local', $1, 'user', g % 2 = 0
     from generate_series(1, 2) c, generate_series(1, ${ATTENDANTS}) g order by c, g`,
    [hash],
  );
  await step("connections", `insert into connections (company_id, name, provider, status, is_default) values (1, 'Bench', 'beta', 'CONNECTED', true), (2, 'Other', 'beta', 'CONNECTED', true)`);
  await step(
    `${TICKETS + OTHER_TICKETS} contacts`,
    `insert into contacts (company_id, name, number) select case when g <= $1::int then 1 else 2 end, 'Cliente ' || g, (5511900000000 + g)::text from generate_series(1, $1::int + $2::int) g`,
    [TICKETS, OTHER_TICKETS],
  );
  await step(`${TICKETS} tickets of company 1`, ticketsSql(1, TICKETS, 0, 2));
  await step(`${OTHER_TICKETS} tickets of company 2`, ticketsSql(2, OTHER_TICKETS, TICKETS, 2 + ATTENDANTS));
  await step(
    "ratings",
    `insert into user_ratings (company_id, ticket_id, user_id, rate, created_at, updated_at)
     select company_id, id, user_id, 1 + id % 3, closed_at + interval '2 minutes', closed_at + interval '2 minutes'
     from tickets where status = 'closed' and accepted_at is not null and id % 5 < 2`,
  );
  if (MESSAGES_PER_TICKET > 0) {
    await step(
      `${TICKETS * MESSAGES_PER_TICKET} messages`,
      `insert into messages (company_id, ticket_id, contact_id, wid, body, from_me, read, ack, created_at, updated_at)
       select 1, t.id, t.contact_id, 'W' || t.id || '-' || m, 'mensagem ' || m, m % 2 = 0, true, 3, t.created_at + make_interval(secs => m), now()
       from tickets t, generate_series(1, $1) m where t.company_id = 1`,
      [MESSAGES_PER_TICKET],
    );
  }
  await step("analyze", "analyze");
  const { rows } = await pool.query<{ status: string; n: string }>("select status, count(*) as n from tickets where company_id = 1 group by status order by status");
  console.log(`company 1 tickets by status: ${rows.map((r) => `${r.status} ${r.n}`).join(", ")}`);
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
