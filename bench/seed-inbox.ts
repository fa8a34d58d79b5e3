/**
 * Generates a company with 100,000 tickets and 2,000,000 messages on a PostgreSQL server, for the inbox
 * benchmark. Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench npx tsx bench/seed-inbox.ts
 * The database is dropped and created again.
 */
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { hashPassword } from "../apps/server/src/lib/passwords.ts";
import { ensureDefaultSettings } from "../apps/server/src/modules/settings/settings.repository.ts";

const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench");
const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const MESSAGES_PER_TICKET = Number(process.env.BENCH_MESSAGES_PER_TICKET ?? 20);

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
  await pool.query(`insert into users (company_id, name, email, password_hash, profile, super) values (1, 'Bench Admin', 'bench@conversa.local', $1, 'admin', false)`, [await hashPassword("bench-pass")]);
  await step("queues and connection", `insert into queues (company_id, name, color) select 1, 'Fila ' || g, '#' || lpad(to_hex(g * 99999), 6, '0') from generate_series(1, 5) g;
    insert into connections (company_id, name, provider, status, is_default) values (1, 'Bench', 'beta', 'CONNECTED', true);
    insert into user_queues (company_id, user_id, queue_id) select 1, 1, id from queues`);
  await step(`${TICKETS} contacts`, `insert into contacts (company_id, name, number) select 1, 'Cliente ' || g || ' ' || (array['Silva','Souza','Lima','Costa','Pereira'])[1 + g % 5], (5511900000000 + g)::text from generate_series(1, $1) g`, [TICKETS]);
  // The per-row numbering trigger would update the company's counter 100,000 times in one transaction
  // (each update walks the versions of the row before it): the seed numbers the tickets itself.
  await pool.query("alter table tickets disable trigger tickets_number");
  await step(`${TICKETS} tickets`, `insert into tickets (company_id, number, contact_id, whatsapp_id, queue_id, user_id, status, last_message, unread_messages, created_at, updated_at)
    select 1, g, g, 1, 1 + g % 5, case when g % 10 < 2 then 1 else null end,
      case when g % 10 < 2 then 'open' when g % 10 = 2 then 'pending' else 'closed' end,
      'mensagem ' || g, g % 3, now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
    from generate_series(1, $1) g`, [TICKETS]);
  await pool.query("alter table tickets enable trigger tickets_number");
  await pool.query("update companies set last_ticket_number = $1 where id = 1", [TICKETS]);
  await step(`${TICKETS * MESSAGES_PER_TICKET} messages`, `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, ack, created_at, updated_at)
    select 1, t, t, 1, 'W' || t || '-' || m,
      (array['Olá, bom dia','Preciso de ajuda com meu pedido','Qual o prazo de entrega?','Obrigado!','Pode me enviar o boleto?'])[1 + (t + m) % 5] || ' #' || m,
      m % 2 = 0, true, 3, now() - (t || ' minutes')::interval + (m || ' seconds')::interval, now()
    from generate_series(1, $1) t, generate_series(1, $2) m`, [TICKETS, MESSAGES_PER_TICKET]);
  await step("analyze", "analyze");
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
