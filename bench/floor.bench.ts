/**
 * The attendant's hot reads against their floor, on the data of seed-inbox.ts. Two servers run in child
 * processes of their own: the product, and the floor: a bare node:http handler that answers each read
 * with ONE hand-written SQL statement, prepared (a named statement, planned once per connection as the
 * product's hot statements are), over a pg Pool of the product's size (10), the rows built by
 * PostgreSQL in the wire shape and sent with JSON.stringify (no session check: company 1 is fixed).
 * At start both answer each read once and must list the same ticket (or message) ids in the same
 * order, the same search matches, and the floor must carry every field the product's items carry
 * (BENCH_READS picks some of the reads, see main). Then, per read, rounds alternate the product and
 * the floor at the same concurrency, the side that goes first alternating too; each
 * round records latency, the server process's CPU (/proc/<pid>/stat), the CPU of the database's
 * backends serving this database (/proc of the pids in pg_stat_activity) and, for the product, the
 * statements it sent (a counter on pg.Client#query in its process). Usage (after the seed):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench npx tsx bench/floor.bench.ts
 * BENCH_READS=search-name,search-word (keys: open, pending, messages, search-name, search-word) runs
 * only those reads.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import pg from "pg";
import { z } from "zod";
import { ZListMessagesResponse, ZListTicketsResponse } from "@conversa/shared";
import { containsPattern } from "../apps/server/src/db/search.ts";
import { compileResponseSerializer } from "../apps/server/src/plugins/response-serializer.ts";
import { type LoadResult, percentile, runLoad } from "./load.ts";
import { type BenchServer, runBench, startLoggedIn, startServer } from "./server-process.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench";
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const COMPANY = 1;
const PAGE = 40;
const COUNT_CAP = 1000;
const MESSAGES_PAGE = 20;
/** Linux's clock tick (USER_HZ = 100) of /proc/<pid>/stat, in ms. */
const MS_PER_TICK = 10;

// ---------------------------------------------------------------------------------------------------
// The product's process: counts the statements it sends, and tells them over IPC when asked.

const statements = new Map<string, number>();
if (process.env.BENCH_ROLE === "server") {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "?");
    const key = text.replace(/\s+/g, " ").slice(0, 110);
    statements.set(key, (statements.get(key) ?? 0) + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  process.on("message", (message) => {
    if (message === "statements") process.send?.({ statements: Object.fromEntries(statements) });
  });
}

// ---------------------------------------------------------------------------------------------------
// The floor: one statement per read.

const iso = (column: string) => `to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const contactJson = (c: string) =>
  `case when ${c}.id is null then null else json_build_object('id', ${c}.id, 'name', ${c}.name, 'number', ${c}.number, 'email', ${c}.email, 'profilePicUrl', ${c}.profile_pic_url, 'isGroup', ${c}.is_group) end`;
const mediaUrl = (m: string) => `case when ${m}.media_url is not null and ${m}.media_url <> '' then '/media/' || ${m}.media_url end`;

const TICKET_JSON = `json_build_object('id', t.id, 'uuid', t.uuid, 'number', t.number, 'status', t.status, 'contactId', t.contact_id, 'contact', ${contactJson("c")},
  'userId', t.user_id, 'user', case when u.id is null then null else json_build_object('id', u.id, 'name', u.name) end,
  'queueId', t.queue_id, 'queue', case when q.id is null then null else json_build_object('id', q.id, 'name', q.name, 'color', q.color) end,
  'whatsappId', t.whatsapp_id, 'whatsapp', case when w.id is null then null else json_build_object('id', w.id, 'name', w.name) end,
  'tags', coalesce((select json_agg(json_build_object('id', g.id, 'name', g.name, 'color', g.color)) from ticket_tags tt join tags g on g.id = tt.tag_id where tt.company_id = t.company_id and tt.ticket_id = t.id), '[]'),
  'isGroup', t.is_group, 'chatbot', t.chatbot, 'useIntegration', t.use_integration, 'integrationId', t.integration_id, 'promptId', t.prompt_id,
  'botSummary', t.bot_summary, 'awaitingRating', t.awaiting_rating, 'origin', case when t.origin = 'campaign' then 'campaign' else 'inbox' end, 'lastMessage', t.last_message, 'unreadMessages', t.unread_messages,
  'createdAt', ${iso("t.created_at")}, 'updatedAt', ${iso("t.updated_at")},
  'slaDueAt', case when t.status = 'pending' and qc.sla_minutes_target is not null then ${iso("t.created_at + qc.sla_minutes_target * interval '1 minute'")} end,
  'cloudWindow', case when w.provider = 'cloud' then json_build_object('provider', 'cloud', 'closesAt', ${iso("t.last_customer_message_at + interval '24 hours'")},
    'open', coalesce(now() < t.last_customer_message_at + interval '24 hours', false)) end)`;

/** A page of the list (41 rows: one more tells hasMore) with its capped count, in one statement. */
function listStatement(where: (t: string) => string, order: (t: string) => string, match = "null::json"): string {
  return `select ${TICKET_JSON} as ticket, ${match} as match,
      (select count(*)::int from (select 1 from tickets x where ${where("x")} limit ${COUNT_CAP}) n) as count
    from (select * from tickets p where ${where("p")} order by ${order("p")} limit ${PAGE + 1}) t
    join contacts c on c.id = t.contact_id
    left join users u on u.id = t.user_id
    left join queues q on q.id = t.queue_id
    left join connections w on w.id = t.whatsapp_id
    left join queue_configs qc on qc.queue_id = t.queue_id
    order by ${order("t")}`;
}

const activity = (t: string) => `${t}.updated_at desc, ${t}.id desc`;
const TAB = listStatement((t) => `${t}.company_id = $1 and ${t}.status = $2`, activity);
const PENDING = listStatement((t) => `${t}.company_id = $1 and ${t}.status = $2`, (t) => `${t}.created_at asc, ${t}.id asc`);
// A search, in the statement the product's plan ends with for the term (the floor knows which of the
// bench's terms are names and which are words; the product learns it from its probes): a surname
// matches names only, so the test of the contact's folded name alone, which PostgreSQL makes a
// semi-join; a word matches texts only, so the test of the ticket's messages alone.
const SEARCH_NAME = listStatement((t) => `${t}.company_id = $1 and exists (select 1 from contacts sc where sc.id = ${t}.contact_id and sc.name_folded like public.search_fold($2))`, activity);
const SEARCH_TEXT = listStatement(
  (t) => `${t}.company_id = $1 and exists (select 1 from messages sm where sm.ticket_id = ${t}.id and sm.body_folded like public.search_fold($2))`,
  activity,
  // The ticket's newest message whose text matches, shown under a ticket whose contact does not match.
  `case when c.name_folded not like public.search_fold($2) then (select json_build_object('messageId', mm.id, 'body', mm.body, 'createdAt', ${iso("mm.created_at")})
    from messages mm where mm.company_id = $1 and mm.ticket_id = t.id and mm.body_folded like public.search_fold($2) order by mm.created_at desc, mm.id desc limit 1) end`,
);
const SURNAMES = ["silva", "souza", "lima", "costa", "pereira"];
const WORDS = ["pedido", "boleto", "prazo", "ajuda", "entrega"];

const MESSAGE_JSON = `json_build_object('id', m.id, 'ticketId', m.ticket_id, 'body', m.body, 'fromMe', m.from_me, 'read', m.read, 'ack', greatest(0, least(5, m.ack)),
  'mediaType', m.media_type, 'mediaUrl', ${mediaUrl("m")}, 'mediaName', m.media_name, 'isDeleted', m.is_deleted, 'sendStatus', m.send_status,
  'sendError', case when m.from_me and m.send_status <> 'sent' then m.send_error end,
  'sendRetryUntil', case when m.send_status = 'pending' then ${iso("m.send_retry_until")} end,
  'data', case when jsonb_typeof(m.data) = 'object' then m.data end, 'participant', m.participant, 'participantName', m.participant_name, 'userId', m.user_id, 'contact', ${contactJson("c")},
  'quotedMsg', case when qm.id is null then null else json_build_object('id', qm.id, 'body', qm.body, 'fromMe', qm.from_me, 'mediaType', qm.media_type,
    'mediaUrl', ${mediaUrl("qm")}, 'isDeleted', qm.is_deleted, 'contact', ${contactJson("qc")}) end,
  'createdAt', ${iso("m.created_at")}, 'updatedAt', ${iso("m.updated_at")})`;

/** The first page of a conversation: the ticket, its messages, count and activities, and the ticket marked read. */
const MESSAGES = `with t as (select id, uuid, status, contact_id, whatsapp_id from tickets where company_id = $1 and id = $2),
  conv as (select x.id from tickets x join t on x.contact_id = t.contact_id and x.whatsapp_id is not distinct from t.whatsapp_id where x.company_id = $1),
  page as (select * from messages where company_id = $1 and ticket_id in (select id from conv) order by created_at desc, id desc limit ${MESSAGES_PAGE}),
  total as (select count(*)::int as n from messages where company_id = $1 and ticket_id in (select id from conv)),
  cleared as (update tickets set unread_messages = 0 where company_id = $1 and id = $2 and unread_messages > 0),
  marked as (update messages set read = true where company_id = $1 and ticket_id = $2 and read = false and from_me = false)
select t.id, t.uuid, t.status, total.n as count,
  coalesce((select json_agg(${MESSAGE_JSON} order by m.created_at, m.id) from page m
    left join contacts c on c.id = m.contact_id and c.company_id = $1
    left join messages qm on qm.id = m.quoted_msg_id and qm.company_id = $1
    left join contacts qc on qc.id = qm.contact_id), '[]') as messages,
  coalesce((select json_agg(json_build_object('id', e.id, 'ticketId', e.ticket_id, 'kind', e.kind,
      'user', case when eu.id is null then null else json_build_object('id', eu.id, 'name', eu.name) end,
      'toQueue', case when eq.id is null then null else json_build_object('id', eq.id, 'name', eq.name) end,
      'toUser', case when et.id is null then null else json_build_object('id', et.id, 'name', et.name) end,
      'createdAt', ${iso("e.created_at")}) order by e.created_at, e.id)
    from ticket_events e left join users eu on eu.id = e.user_id left join queues eq on eq.id = e.to_queue_id left join users et on et.id = e.to_user_id
    where e.company_id = $1 and e.ticket_id in (select id from conv) and (total.n <= ${MESSAGES_PAGE} or e.created_at >= (select min(created_at) from page))), '[]') as activities
from t, total`;

/**
 * The floor's statements by name. Each is sent as a named (prepared) statement, planned once per pooled
 * connection as the product's hot statements are, so the comparison is of the work per request, not of
 * one side planning every request.
 */
const FLOOR_STATEMENTS: Record<string, string> = {
  "floor-tab": TAB,
  "floor-pending": PENDING,
  "floor-search-name": SEARCH_NAME,
  "floor-search-text": SEARCH_TEXT,
  "floor-messages": MESSAGES,
};

async function floorAnswer(pool: pg.Pool, path: string): Promise<{ status: number; body: unknown }> {
  const request = new URL(path, "http://floor");
  const messagesOf = /^\/messages\/(\d+)$/.exec(request.pathname);
  if (messagesOf) {
    const { rows } = await pool.query<{ id: number; uuid: string; status: string; count: number; messages: unknown[]; activities: unknown[] }>({ name: "floor-messages", text: MESSAGES, values: [COMPANY, Number(messagesOf[1])] });
    const row = rows[0];
    if (!row) return { status: 404, body: { error: "ERR_NO_TICKET_FOUND" } };
    return { status: 200, body: { messages: row.messages, activities: row.activities, ticket: { id: row.id, uuid: row.uuid, status: row.status }, count: row.count, hasMore: MESSAGES_PAGE < row.count } };
  }
  if (request.pathname !== "/tickets") return { status: 404, body: { error: "not found" } };
  const search = request.searchParams.get("searchParam")?.trim().toLowerCase();
  const status = request.searchParams.get("status") ?? "";
  if (search && !SURNAMES.includes(search) && !WORDS.includes(search)) return { status: 400, body: { error: "the floor knows the bench's terms only" } };
  const [name, params] = search ? [SURNAMES.includes(search) ? "floor-search-name" : "floor-search-text", [COMPANY, containsPattern(search)]] : [status === "pending" ? "floor-pending" : "floor-tab", [COMPANY, status]];
  const { rows } = await pool.query<{ ticket: Record<string, unknown>; match: unknown; count: number }>({ name, text: FLOOR_STATEMENTS[name]!, values: params });
  const page = rows.slice(0, PAGE).map((r) => (r.match === null ? r.ticket : { ...r.ticket, searchMatch: r.match }));
  return { status: 200, body: { tickets: page, count: rows[0]?.count ?? 0, hasMore: rows.length > PAGE } };
}

function serveFloor(): void {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const server = http.createServer((request, response) => {
    floorAnswer(pool, request.url ?? "/").then(
      ({ status, body }) => {
        response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        response.end(JSON.stringify(body));
      },
      (error: unknown) => {
        response.writeHead(500);
        response.end(String(error));
      },
    );
  });
  server.listen(Number(process.env.FLOOR_PORT ?? 0), "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
}

// ---------------------------------------------------------------------------------------------------
// The bench.

interface Read {
  /** What BENCH_READS names it by. */
  key: string;
  name: string;
  path: () => string;
  /** The fixed request of the honesty check. */
  checkPath: string;
}

/** user + system CPU of a process in ms, or 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kib("VmRSS") / 1024), hwm: Math.round(kib("VmHWM") / 1024) };
}

/** CPU (ms) of each backend of the bench database, except the bench's own. */
async function backendCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
  return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
}

function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

function askStatements(server: BenchServer): Promise<Record<string, number>> {
  return new Promise((resolve) => {
    const listen = (message: { statements?: Record<string, number> }) => {
      if (!message.statements) return;
      server.child.off("message", listen);
      resolve(message.statements);
    };
    server.child.on("message", listen);
    server.child.send("statements");
  });
}

const totalOf = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

function diffStatements(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).flatMap(([key, n]) => (n - (before[key] ?? 0) > 0 ? [[key, n - (before[key] ?? 0)]] : [])));
}

interface Side {
  results: LoadResult[];
  serverCpu: number;
  dbCpu: number;
  queries: number;
}

const emptySide = (): Side => ({ results: [], serverCpu: 0, dbCpu: 0, queries: 0 });

function summary(side: Side) {
  const latencies = side.results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const requests = latencies.length;
  const elapsed = side.results.reduce((sum, r) => sum + r.requests / r.rps, 0);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    requests,
    errors: side.results.reduce((sum, r) => sum + r.errors, 0),
    rps: round(requests / elapsed),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    serverCpu: Math.round((side.serverCpu / requests) * 100) / 100,
    dbCpu: Math.round((side.dbCpu / requests) * 100) / 100,
    queries: Math.round((side.queries / requests) * 10) / 10,
  };
}

function idsOf(body: unknown): number[] {
  const value = body as { tickets?: { id: number }[]; messages?: { id: number }[] };
  return (value.tickets ?? value.messages ?? []).map((item) => item.id);
}

/** The ids of the messages a search answer shows under its tickets (`searchMatch`), in order. */
function matchesOf(body: unknown): (number | null)[] {
  const value = body as { tickets?: { searchMatch?: { messageId: number } }[] };
  return (value.tickets ?? []).map((ticket) => ticket.searchMatch?.messageId ?? null);
}

/** The fields of the product's items (tickets or messages, each field present on any of them) that no floor item has. */
function fieldsMissing(productBody: unknown, floorBody: unknown): string[] {
  const itemsOf = (body: unknown) => {
    const value = body as { tickets?: object[]; messages?: object[] };
    return value.tickets ?? value.messages ?? [];
  };
  const floorFields = new Set(itemsOf(floorBody).flatMap((item) => Object.keys(item)));
  return [...new Set(itemsOf(productBody).flatMap((item) => Object.keys(item)))].filter((field) => !floorFields.has(field));
}

function timeIt(run: () => void, times = 200): number {
  for (let i = 0; i < 20; i += 1) run();
  const t0 = performance.now();
  for (let i = 0; i < times; i += 1) run();
  return (performance.now() - t0) / times;
}

async function main() {
  const product = await startLoggedIn();
  const floor = await startServer("floor");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ count: number }>("select count(*)::int as count from tickets where company_id = $1", [COMPANY]);
  const ticketCount = rows[0]?.count ?? 0;
  const randomTicket = () => 1 + Math.floor(Math.random() * ticketCount);
  const pick = (words: string[]) => words[Math.floor(Math.random() * words.length)]!;
  const allReads: Read[] = [
    { key: "open", name: "open tab", path: () => "/tickets?status=open&showAll=true&pageNumber=1", checkPath: "/tickets?status=open&showAll=true&pageNumber=1" },
    { key: "pending", name: "pending tab", path: () => "/tickets?status=pending&showAll=true&pageNumber=1", checkPath: "/tickets?status=pending&showAll=true&pageNumber=1" },
    { key: "messages", name: "message page (random ticket)", path: () => `/messages/${randomTicket()}?pageNumber=1`, checkPath: `/messages/${ticketCount - 7}?pageNumber=1` },
    { key: "search-name", name: "search: contact name (surname of 1 in 5)", path: () => `/tickets?searchParam=${pick(SURNAMES)}&showAll=true&pageNumber=1`, checkPath: "/tickets?searchParam=silva&showAll=true&pageNumber=1" },
    { key: "search-word", name: "search: common word (1 message in 5)", path: () => `/tickets?searchParam=${pick(WORDS)}&showAll=true&pageNumber=1`, checkPath: "/tickets?searchParam=pedido&showAll=true&pageNumber=1" },
  ];
  // BENCH_READS=open,pending,messages runs only the reads whose keys start so (all of them without it).
  const chosen = process.env.BENCH_READS?.split(",").map((key) => key.trim());
  const reads = allReads.filter((read) => !chosen || chosen.some((key) => read.key.startsWith(key)));
  const load0 = os.loadavg();
  console.log(`floor benchmark: ${ticketCount} tickets, concurrency ${concurrency}, ${rounds} rounds of ${seconds} s per side and read, node ${process.version}, ${os.cpus().length} cores, load average ${load0.map((n) => n.toFixed(1)).join(" ")}`);

  // The floor is honest: the same ids in the same order, and the same count.
  const productBodies = new Map<string, unknown>();
  for (const read of reads) {
    const answer = await fetch(product.base + read.checkPath, { headers: product.headers });
    const productBody = (await answer.json()) as { count: number };
    const floorBody = (await (await fetch(floor.base + read.checkPath)).json()) as { count: number };
    const missing = fieldsMissing(productBody, floorBody);
    if (missing.length) throw new Error(`the floor leaves out fields of ${read.name}: ${missing.join(", ")}`);
    const same = JSON.stringify(idsOf(productBody)) === JSON.stringify(idsOf(floorBody)) && productBody.count === floorBody.count && JSON.stringify(matchesOf(productBody)) === JSON.stringify(matchesOf(floorBody));
    console.log(`check ${read.name}: product ${idsOf(productBody).length} ids (count ${productBody.count}), floor ${idsOf(floorBody).length} ids (count ${floorBody.count}): ${same ? "same ids, same order, same count" : "DIFFERENT"}`);
    if (!same) console.log(JSON.stringify(productBody).slice(0, 500));
    if (!same) throw new Error(`the floor answers ${read.name} differently: ${JSON.stringify(idsOf(productBody))} vs ${JSON.stringify(idsOf(floorBody))}`);
    productBodies.set(read.name, productBody);
  }

  // The statements of one product request of each read.
  for (const read of reads) {
    const before = await askStatements(product);
    await fetch(product.base + read.checkPath, { headers: product.headers });
    const sent = diffStatements(before, await askStatements(product));
    console.log(`statements of one product request, ${read.name}: ${totalOf(sent)}`);
    for (const [text, n] of Object.entries(sent)) console.log(`  ${n} × ${text}`);
  }

  // Serialisation on the product: the response schema's encode, then JSON.stringify (what the route's serializer does), against JSON.stringify alone.
  for (const [name, schema] of [
    ["open tab", ZListTicketsResponse],
    ["message page (random ticket)", ZListMessagesResponse],
  ] as const) {
    const body = productBodies.get(name);
    if (body === undefined) continue;
    const encoded = timeIt(() => JSON.stringify(z.encode(schema as z.ZodType, body)));
    const plain = timeIt(() => JSON.stringify(body));
    const { serialize } = compileResponseSerializer(schema as z.ZodType, "GET", name);
    const picked = timeIt(() => serialize(body));
    console.log(`serialisation, ${name}: schema encode + stringify ${encoded.toFixed(2)} ms, the route's serializer ${picked.toFixed(2)} ms, stringify alone ${plain.toFixed(2)} ms (in the bench's process)`);
  }

  const table: string[] = [
    "| read | side | requests | errors | req/s | p50 ms | p99 ms | server CPU ms/req | db CPU ms/req | statements/req |",
    "|---|---|---|---|---|---|---|---|---|---|",
  ];
  const ratios: string[] = ["| read | p50 product/floor | CPU (server+db) per request product/floor | product p99 ms |", "|---|---|---|---|"];
  let peak = { rss: 0, hwm: 0 };
  for (const read of reads) {
    const sides = { product: emptySide(), floor: emptySide() };
    const run = async (which: "product" | "floor", secondsOfRun: number, record: boolean) => {
      const server = which === "product" ? product : floor;
      const headers = which === "product" ? product.headers : {};
      const statementsBefore = which === "product" ? totalOf(await askStatements(product)) : 0;
      const cpuBefore = cpuMsOf(server.child.pid!);
      const dbBefore = await backendCpu(client);
      const result = await runLoad(read.name, () => server.base + read.path(), headers, { concurrency, seconds: secondsOfRun });
      const dbAfter = await backendCpu(client);
      const cpuAfter = cpuMsOf(server.child.pid!);
      if (which === "product") {
        const memory = memoryOf(product.child.pid!);
        peak = { rss: Math.max(peak.rss, memory.rss), hwm: Math.max(peak.hwm, memory.hwm) };
      }
      if (!record) return;
      const side = sides[which];
      side.results.push(result);
      side.serverCpu += cpuAfter - cpuBefore;
      side.dbCpu += cpuDelta(dbBefore, dbAfter);
      // The floor sends one statement per request by construction.
      side.queries += which === "product" ? totalOf(await askStatements(product)) - statementsBefore : result.requests;
    };
    await run("product", 2, false);
    await run("floor", 2, false);
    // The order alternates between rounds, so neither side always runs on a cache the other warmed.
    for (let round = 0; round < rounds; round += 1) {
      const order = round % 2 === 0 ? (["product", "floor"] as const) : (["floor", "product"] as const);
      for (const which of order) await run(which, seconds, true);
    }
    const p = summary(sides.product);
    const f = summary(sides.floor);
    for (const [side, s] of [["product", p], ["floor", f]] as const) {
      table.push(`| ${read.name} | ${side} | ${s.requests} | ${s.errors} | ${s.rps} | ${s.p50} | ${s.p99} | ${s.serverCpu} | ${s.dbCpu} | ${s.queries} |`);
    }
    const cpuRatio = (p.serverCpu + p.dbCpu) / (f.serverCpu + f.dbCpu);
    ratios.push(`| ${read.name} | ${(p.p50 / f.p50).toFixed(2)} | ${cpuRatio.toFixed(2)} | ${p.p99} |`);
    console.log(`done: ${read.name}`);
  }
  const load1 = os.loadavg();
  console.log(`\n${table.join("\n")}\n\n${ratios.join("\n")}\n`);
  console.log(`product RSS under load: VmRSS up to ${peak.rss} MiB, VmHWM ${peak.hwm} MiB; load average at the end ${load1.map((n) => n.toFixed(1)).join(" ")}`);
  product.stop();
  floor.stop();
  await client.end();
}

// A server left without its bench (the bench ended or failed) ends too.
if (process.env.BENCH_ROLE) process.on("disconnect", () => process.exit(0));
if (process.env.BENCH_ROLE === "floor") serveFloor();
else runBench(url, main);
