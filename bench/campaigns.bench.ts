/**
 * Campaign dispatch bookkeeping at scale: freezes 50,000 recipients (one INSERT … SELECT) and times the
 * queries every dispatch step runs whatever the campaign's size (the reconcile of the recipients in
 * flight, the next unclaimed recipient, the opt-out check, the claim, the daily count on the connection).
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_campaigns npx tsx bench/campaigns.bench.ts
 * (the database is created when missing and migrated). BENCH_RECIPIENTS changes the size.
 */
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client.ts";
import { campaignOptOuts, campaignShipping, campaigns, companies, connections, contactListItems, contactLists, plans } from "../apps/server/src/db/schema/index.ts";
import { freezeRecipients, reconcileDeliveries } from "../apps/server/src/modules/campaigns/campaigns.dispatch.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench_campaigns";
const recipients = Number(process.env.BENCH_RECIPIENTS ?? 50_000);

async function ensureDatabase(): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: `${target.protocol}//${target.username}@${target.host}/postgres` });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  await admin.end();
}

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

async function time<T>(label: string, runs: number, work: () => Promise<T>): Promise<void> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await work();
    samples.push(ms(start));
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
  console.log(`| ${label} | ${runs} | ${p(0.5)} | ${p(0.99)} |`);
}

async function main(): Promise<void> {
  await ensureDatabase();
  const database = await openDatabase({ url });
  await database.migrate();
  const { db } = database;
  const [plan] = await db.insert(plans).values({ name: `bench-${Date.now()}`, users: 10, connections: 10, queues: 10, value: "0" }).returning();
  const [company] = await db.insert(companies).values({ name: `Campaign bench ${Date.now()}`, planId: plan!.id }).returning();
  const companyId = company!.id;
  const [connection] = await db.insert(connections).values({ companyId, name: "bench", provider: "simulator", status: "CONNECTED" }).returning();
  const [list] = await db.insert(contactLists).values({ companyId, name: "bench" }).returning();
  for (let start = 0; start < recipients; start += 5000) {
    const rows = Array.from({ length: Math.min(5000, recipients - start) }, (_, i) => {
      const n = start + i;
      return { companyId, contactListId: list!.id, name: `Cliente ${n}`, number: `55${String(11_900_000_000 + n)}`, email: "", isWhatsappValid: true };
    });
    await db.insert(contactListItems).values(rows);
  }
  // A few opted-out numbers, as a company that has run campaigns before has.
  await db.insert(campaignOptOuts).values(Array.from({ length: 500 }, (_, i) => ({ companyId, number: `55${String(11_900_000_000 + i * 97)}`, word: "SAIR" })));
  await db.execute(sql`analyze`);
  const [campaign] = await db
    .insert(campaigns)
    .values({ companyId, name: "bench", message1: "Olá {nome}", status: "PROGRAMADA", scheduledAt: new Date(), whatsappId: connection!.id, contactListId: list!.id })
    .returning();

  const start = process.hrtime.bigint();
  const frozen = await db.transaction((tx) => freezeRecipients(tx, campaign!));
  const freezeMs = ms(start);
  await db.execute(sql`analyze campaign_shipping`);
  console.log(`recipients: ${recipients} list contacts, ${frozen} frozen (opted-out left out) in ${freezeMs.toFixed(0)} ms`);

  // Half the campaign already sent: claimed recipients whose messages are out (no message rows: the reconcile's join finds none).
  await db.execute(sql`update campaign_shipping set claimed_at = now(), whatsapp_id = ${connection!.id}, delivered_at = now() where campaign_id = ${campaign!.id} and id % 2 = 0`);
  await db.execute(sql`analyze campaign_shipping`);

  console.log("| per-step query at this size | runs | p50 ms | p99 ms |\n|---|---|---|---|");
  await time("reconcile deliveries (recipients in flight)", 200, () => reconcileDeliveries(db, companyId, campaign!.id, new Date()));
  await time("next unclaimed recipient", 200, () =>
    db
      .select()
      .from(campaignShipping)
      .where(and(eq(campaignShipping.campaignId, campaign!.id), isNull(campaignShipping.claimedAt), isNull(campaignShipping.skippedAt)))
      .orderBy(asc(campaignShipping.id))
      .limit(1),
  );
  await time("opt-out check", 200, () => db.select({ id: campaignOptOuts.id }).from(campaignOptOuts).where(and(eq(campaignOptOuts.companyId, companyId), eq(campaignOptOuts.number, "5511900001234"))));
  await time("daily count on the connection", 200, () =>
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(campaignShipping)
      .where(and(eq(campaignShipping.whatsappId, connection!.id), gte(campaignShipping.claimedAt, new Date(Date.now() - 3600_000)))),
  );
  let claimed = 0;
  await time("claim a recipient (guarded update)", 200, async () => {
    const [next] = await db
      .select({ id: campaignShipping.id })
      .from(campaignShipping)
      .where(and(eq(campaignShipping.campaignId, campaign!.id), isNull(campaignShipping.claimedAt), isNull(campaignShipping.skippedAt)))
      .orderBy(asc(campaignShipping.id))
      .limit(1);
    const rows = await db
      .update(campaignShipping)
      .set({ claimedAt: new Date(), messageId: 1 })
      .where(and(eq(campaignShipping.id, next!.id), isNull(campaignShipping.claimedAt)))
      .returning({ id: campaignShipping.id });
    claimed += rows.length;
  });
  console.log(`claimed ${claimed}`);
  await db.delete(companies).where(eq(companies.id, companyId));
  await database.close();
}

await main();
