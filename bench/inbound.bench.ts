/**
 * Inbound messages at a rising rate: the real server (src/main.ts) in its own process on a fresh
 * PostgreSQL database, its simulator connection paired, an admin's socket following the notification
 * stream. Customers of CHATS chats write through the simulator's HTTP route, open-loop: a timer sends at
 * each step's target rate whatever the answers (at most MAX_IN_FLIGHT requests waiting; the others are
 * dropped and counted). Latency is from the send to the admin socket's `appMessage` create event of that
 * message (matched by its body). Stops when p99 passes 1 s or the backlog grows step over step.
 * Usage: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench_inbound npx tsx bench/inbound.bench.ts
 * (the database is dropped and created). BENCH_RATES (comma list), BENCH_STEP_SECONDS, BENCH_CHATS change the run.
 * The chats' tickets are accepted by the admin after the first message (a conversation with an attendant);
 * BENCH_TICKETS=pending leaves them waiting in the bot's menu, which answers every message.
 * At each rate the floor (bench/inbound-floor-server.ts: the same effects by one hand-written statement in a
 * process of its own, on the same database and tickets) runs the same step, the two sides alternating which
 * goes first; the CPU per delivered message (the process and the database's backends) of each, and their
 * ratio, are printed. BENCH_FLOOR=off leaves it out.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ZAuthResponse, ZSimulatorConnectionList, companyEvent } from "@conversa/shared";
import { io as connect } from "socket.io-client";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench_inbound";
const RATES = (process.env.BENCH_RATES ?? "50,100,200,300,400,500,700").split(",").map(Number);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 10);
const CHATS = Number(process.env.BENCH_CHATS ?? 200);
const ACCEPT = process.env.BENCH_TICKETS !== "pending";
/** The floor runs beside the product (alternated at each rate) unless BENCH_FLOOR=off; only with accepted tickets. */
const FLOOR = ACCEPT && process.env.BENCH_FLOOR !== "off";
const MAX_IN_FLIGHT = 256;
const TICK_MS = 5;
const ADMIN = { email: "admin@bench.local", password: "Bench-admin-1" };
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function freshDatabase(): Promise<void> {
  const target = new URL(url);
  const admin = new pg.Client({ connectionString: `${target.protocol}//${target.username}@${target.host}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists "${target.pathname.slice(1)}" with (force)`);
  await admin.query(`create database "${target.pathname.slice(1)}"`);
  await admin.end();
}

async function startMain(countFile: string, dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = 40_000 + Math.floor(Math.random() * 20_000);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    JWT_SECRET: "bench-access-secret-0123456789-abcdefghijklmnop",
    JWT_REFRESH_SECRET: "bench-refresh-secret-0123456789-abcdefghijklmnop",
    DATA_ENCRYPTION_KEY: "bench-data-encryption-key-0123456789-abcdefghij",
    PAYMENT_WEBHOOK_SECRET: "bench-payment-webhook-secret-0123456789-abcdefg",
    SIMULATOR: "on",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
    BENCH_QUERY_COUNT_FILE: countFile,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./bench/count-queries.ts", "apps/server/src/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "inherit"] });
  process.once("exit", () => child.kill("SIGKILL"));
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes("Conversa is running at")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** CPU seconds (user + system) and RSS in MB of a process, from /proc. */
function usage(pid: number): { cpu: number; rssMb: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return { cpu: (Number(fields[11]) + Number(fields[12])) / 100, rssMb: Number(rss) / 1024 };
}

/** Busy and total jiffies of the whole machine, from /proc/stat. */
function machine(): { busy: number; total: number } {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
  const numbers = values.map(Number);
  const total = numbers.reduce((a, b) => a + b, 0);
  return { busy: total - numbers[3]! - numbers[4]!, total };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

interface Sent {
  step: number;
  at: number;
  answeredAt?: number;
  ok?: boolean;
  deliveredAt?: number;
}

/** One side of the comparison: the product's server, or the floor's process. */
interface Side {
  name: "product" | "floor";
  pid: number;
  counts(): { total: number; byText: Record<string, number> };
  send(step: number): void;
}

/** What bench/count-queries.ts last wrote to `file`. */
function countsOf(file: string): { total: number; byText: Record<string, number> } {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { total: number; byText: Record<string, number> };
  } catch {
    return { total: 0, byText: {} };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(base: string, method: string, path: string, token: string | undefined, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
}

/** Pairs the seeded simulator connection by scanning its QR code; answers its id once CONNECTED. */
async function pairSimulator(base: string, token: string): Promise<number> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const [connection] = ZSimulatorConnectionList.parse(await call(base, "GET", "/simulator/connections", token));
    if (!connection) throw new Error("the seed made no simulator connection");
    if (connection.status === "CONNECTED") return connection.id;
    if (connection.status === "qrcode" && connection.qrcode) {
      await call(base, "POST", `/simulator/connections/${connection.id}/scan`, token, { qrcode: connection.qrcode, number: "5511955550000" }).catch(() => undefined);
    }
    await sleep(100);
  }
  throw new Error("the simulator connection did not connect");
}

async function main(): Promise<void> {
  await freshDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "conversa-bench-inbound-"));
  const countFile = path.join(dataDir, "queries");
  const { base, child } = await startMain(countFile, dataDir);
  const { token, user } = ZAuthResponse.parse(await call(base, "POST", "/auth/login", undefined, ADMIN));
  const { companyId } = user;
  const connectionId = await pairSimulator(base, token);
  const socket = connect(base, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", reject);
  });
  await socket.emitWithAck("joinNotification");
  const stats = new pg.Client({ connectionString: url });
  await stats.connect();
  /** CPU seconds of each PostgreSQL backend serving the bench database now. */
  const backendsCpu = async () => {
    const pids = (await stats.query("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")).rows as { pid: number }[];
    const cpu = new Map<number, number>();
    for (const { pid: backend } of pids) {
      try {
        cpu.set(backend, usage(backend).cpu);
      } catch {
        // The backend ended meanwhile.
      }
    }
    return cpu;
  };
  /** CPU the backends used between two readings (a backend opened meanwhile counts whole; one closed meanwhile is lost). */
  const backendsDelta = (from: Map<number, number>, to: Map<number, number>) => [...to].reduce((sum, [backend, cpu]) => sum + cpu - (from.get(backend) ?? 0), 0);

  const sent = new Map<string, Sent>();
  const onCreate = (payload: { action: string; message: { body: string; fromMe?: boolean } }) => {
    if (payload.action !== "create" || payload.message.fromMe) return;
    const entry = sent.get(payload.message.body);
    if (entry && entry.deliveredAt === undefined) entry.deliveredAt = performance.now();
  };
  socket.on(companyEvent(companyId, "appMessage"), onCreate);
  let inFlight = 0;
  let seq = 0;
  /** Posts the next chat's message to `target` (the body is unique: the socket's event is matched by it). */
  const post = (step: number, target: string, headers: Record<string, string>, prefix: string) => {
    const body = `${prefix}-${seq}`;
    const from = String(5511_900_000_000 + (seq % CHATS));
    seq += 1;
    const entry: Sent = { step, at: performance.now() };
    sent.set(body, entry);
    inFlight += 1;
    fetch(target, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ from, name: `Cliente ${from}`, body }) })
      .then(async (response) => {
        await response.arrayBuffer();
        entry.ok = response.status === 201;
      })
      .catch(() => {
        entry.ok = false;
      })
      .finally(() => {
        entry.answeredAt = performance.now();
        inFlight -= 1;
      });
  };
  const product: Side = {
    name: "product",
    pid: child.pid!,
    counts: () => countsOf(countFile),
    send: (step) => post(step, `${base}/simulator/connections/${connectionId}/messages`, { authorization: `Bearer ${token}` }, "bench"),
  };

  // Warm-up: every chat's first message opens its contact and ticket, one at a time.
  for (let i = 0; i < CHATS; i++) {
    product.send(-1);
    while (inFlight > 0) await sleep(1);
  }
  await sleep(2000);
  if (ACCEPT) {
    const pending = await stats.query("select id from tickets where company_id = $1 and status = 'pending'", [companyId]);
    for (const { id } of pending.rows as { id: number }[]) {
      await call(base, "PUT", `/tickets/${id}`, token, { status: "open", userId: user.id });
    }
    // Accepting may send a greeting: the steps start once the sends are out.
    for (let waited = 0; waited < 120; waited++) {
      const waiting = await stats.query("select count(*)::int as n from messages where from_me and send_status = 'pending'");
      if ((waiting.rows[0] as { n: number }).n === 0) break;
      await sleep(1000);
    }
  }

  // The floor (bench/inbound-floor-server.ts) on the same database, the same open tickets, the same rates.
  const sides: Side[] = [product];
  let floorChild: ChildProcess | undefined;
  if (FLOOR) {
    const floorCountFile = path.join(dataDir, "floor-queries");
    const floorPort = 40_000 + Math.floor(Math.random() * 20_000);
    floorChild = spawn(process.execPath, ["--import", "tsx", "--import", "./bench/count-queries.ts", "bench/inbound-floor-server.ts"], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "production", FLOOR_DATABASE_URL: url, FLOOR_PORT: String(floorPort), FLOOR_COMPANY_ID: String(companyId), BENCH_QUERY_COUNT_FILE: floorCountFile },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const started = floorChild;
    process.once("exit", () => started.kill("SIGKILL"));
    await new Promise<void>((resolve, reject) => {
      started.stdout!.on("data", (chunk: Buffer) => {
        if (chunk.toString().includes("floor ready")) resolve();
      });
      started.once("exit", (code) => reject(new Error(`the floor exited with ${code}`)));
    });
    const floorBase = `http://127.0.0.1:${floorPort}`;
    const floorSocket = connect(floorBase, { transports: ["websocket"], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      floorSocket.once("connect", () => resolve());
      floorSocket.once("connect_error", reject);
    });
    floorSocket.on(companyEvent(companyId, "appMessage"), onCreate);
    sides.push({ name: "floor", pid: started.pid!, counts: () => countsOf(floorCountFile), send: (step) => post(step, `${floorBase}/floor/messages`, {}, "floor") });
  }

  await sleep(3000);
  console.log(`inbound: ${CHATS} chats, node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log(
    "| target msg/s | side | sent | dropped | errors | achieved msg/s | HTTP p50 ms | HTTP p99 ms | p50 ms | p99 ms | max ms | backlog at step end | server CPU % | its PostgreSQL backends CPU % | CPU ms/msg (server + backends) | load generator CPU % | machine CPU % | RSS MB | statements/msg | transactions/msg | job-queue statements/s |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");

  /** One step of `rate` messages a second on one side, measured and printed; answers its p99 and backlog. */
  const runStep = async (side: Side, step: number, rate: number): Promise<{ p99: number; backlog: number; cpuPerMessage: number }> => {
    let dropped = 0;
    let scheduled = 0;
    const cpu0 = usage(side.pid).cpu;
    const machine0 = machine();
    const own0 = process.cpuUsage();
    const backends0 = await backendsCpu();
    const byText0 = side.counts().byText;
    const queries0 = side.counts().total;
    const start = performance.now();
    const end = start + STEP_SECONDS * 1000;
    while (performance.now() < end) {
      const due = Math.floor(((performance.now() - start) / 1000) * rate);
      for (; scheduled < due; scheduled++) {
        if (inFlight >= MAX_IN_FLIGHT) dropped += 1;
        else side.send(step);
      }
      await sleep(TICK_MS);
    }
    const stepEnd = performance.now();
    const entries = [...sent.entries()].filter(([body, e]) => e.step === step && body.startsWith(side.name === "floor" ? "floor-" : "bench-")).map(([, e]) => e);
    const backlog = entries.filter((e) => e.ok !== false && (e.deliveredAt === undefined || e.deliveredAt > stepEnd)).length;
    // Give the files a moment to catch up so the statement count covers the step's own work.
    await sleep(1100);
    const usage1 = usage(side.pid);
    const machine1 = machine();
    const own1 = process.cpuUsage(own0);
    const backends1 = await backendsCpu();
    const { byText: byText1, total: queries1 } = side.counts();
    const delivered = entries.filter((e) => e.deliveredAt !== undefined).map((e) => e.deliveredAt! - e.at);
    // Not yet delivered counts at least its wait so far.
    const latencies = entries.filter((e) => e.ok !== false).map((e) => (e.deliveredAt ?? performance.now()) - e.at).sort((a, b) => a - b);
    const http = entries.filter((e) => e.answeredAt !== undefined).map((e) => e.answeredAt! - e.at).sort((a, b) => a - b);
    const errors = entries.filter((e) => e.ok === false).length;
    const seconds = (stepEnd - start) / 1000;
    const elapsed = (performance.now() - start) / 1000;
    const delta = (text: string) => (byText1[text] ?? 0) - (byText0[text] ?? 0);
    const appStatements = Object.keys(byText1)
      .filter((text) => !text.includes("pgboss"))
      .reduce((sum, text) => sum + delta(text), 0);
    const statementsPerMessage = appStatements / Math.max(1, entries.length);
    const transactionsPerMessage = delta("begin") / Math.max(1, entries.length);
    const jobStatementsPerSecond = (queries1 - queries0 - appStatements) / (seconds + 1.1);
    const machinePercent = ((machine1.busy - machine0.busy) / (machine1.total - machine0.total)) * 100;
    const serverCpu = usage1.cpu - cpu0;
    const backendCpu = backendsDelta(backends0, backends1);
    const cpuPerMessage = ((serverCpu + backendCpu) * 1000) / Math.max(1, delivered.length);
    console.log(
      `| ${rate} | ${side.name} | ${entries.length} | ${dropped} | ${errors} | ${(delivered.length / seconds).toFixed(0)} | ${percentile(http, 50).toFixed(0)} | ${percentile(http, 99).toFixed(0)} | ${percentile(latencies, 50).toFixed(0)} | ${percentile(latencies, 99).toFixed(0)} | ${(latencies.at(-1) ?? 0).toFixed(0)} | ${backlog} | ${((serverCpu / elapsed) * 100).toFixed(0)} | ${((backendCpu / elapsed) * 100).toFixed(0)} | ${cpuPerMessage.toFixed(2)} | ${(((own1.user + own1.system) / 1e6 / elapsed) * 100).toFixed(0)} | ${machinePercent.toFixed(0)} | ${usage1.rssMb.toFixed(0)} | ${statementsPerMessage.toFixed(1)} | ${transactionsPerMessage.toFixed(2)} | ${jobStatementsPerSecond.toFixed(0)} |`,
    );
    if (step === 0) {
      const top = Object.entries(byText1)
        .map(([text, n]) => [text, (n - (byText0[text] ?? 0)) / Math.max(1, entries.length)] as const)
        .filter(([, perMessage]) => perMessage >= 0.05)
        .sort((a, b) => b[1] - a[1]);
      for (const [text, perMessage] of top) console.log(`  ${side.name}: ${perMessage.toFixed(2)} per message: ${text}`);
    }
    // Let the step's backlog drain before the next step (at most 20 s).
    const drainUntil = performance.now() + 20_000;
    while (performance.now() < drainUntil && (inFlight > 0 || entries.some((e) => e.ok !== false && e.deliveredAt === undefined))) await sleep(100);
    return { p99: percentile(latencies, 99), backlog, cpuPerMessage };
  };

  const ratios: string[] = [];
  let previousBacklog = -1;
  let step = 0;
  for (const rate of RATES) {
    // Which side goes first alternates from step to step.
    const order = step % 2 === 0 ? sides : [...sides].reverse();
    const results = new Map<string, Awaited<ReturnType<typeof runStep>>>();
    for (const side of order) results.set(side.name, await runStep(side, step++, rate));
    const mine = results.get("product")!;
    const floor = results.get("floor");
    if (floor) ratios.push(`${rate} msg/s: product ${mine.cpuPerMessage.toFixed(2)} ms, floor ${floor.cpuPerMessage.toFixed(2)} ms of CPU a message, ${(mine.cpuPerMessage / floor.cpuPerMessage).toFixed(2)}×`);
    if (mine.p99 > 1000 || (mine.backlog > previousBacklog && mine.backlog > rate)) {
      console.log(`stopped after ${rate} msg/s: ${mine.p99 > 1000 ? "p99 over 1 s" : "backlog growing"}`);
      break;
    }
    previousBacklog = mine.backlog;
  }
  for (const line of ratios) console.log(line);
  floorChild?.kill("SIGTERM");
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  socket.disconnect();
  await stats.end();
  child.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
