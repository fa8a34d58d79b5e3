/**
 * What the message-pipeline benches share (bench/inbound.bench.ts, bench/outbound.bench.ts): the real server
 * (src/main.ts) in a process of its own on a fresh PostgreSQL database, its simulator connection paired, an
 * admin's socket, a floor process beside it, and open-loop steps at a rising rate in which the product and its
 * floor alternate, each step printed with its latency, its CPU per delivered message (the process and the
 * database's backends) and its statements per message (bench/count-queries.ts, preloaded into both).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ZAuthResponse, ZSimulatorConnectionList, companyEvent } from "@conversa/shared";
import { type Socket, io as connect } from "socket.io-client";

const ADMIN = { email: "admin@bench.local", password: "Bench-admin-1" };
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MAX_IN_FLIGHT = 256;
const TICK_MS = 5;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freshDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const admin = new pg.Client({ connectionString: `${target.protocol}//${target.username}@${target.host}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists "${target.pathname.slice(1)}" with (force)`);
  await admin.query(`create database "${target.pathname.slice(1)}"`);
  await admin.end();
}

/** Spawns a TypeScript entry under tsx with the statement counter preloaded; answers once its stdout says `ready`. */
async function spawnCounted(entry: string, env: Record<string, string | undefined>, ready: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "--import", "./bench/count-queries.ts", entry], { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  process.once("exit", () => child.kill("SIGKILL"));
  await new Promise<void>((resolve, reject) => {
    let seen = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes(ready)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  return child;
}

const randomPort = () => 40_000 + Math.floor(Math.random() * 20_000);

/** The product: src/main.ts in production mode with the simulator on and its job workers running. */
async function startMain(url: string, countFile: string, dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = randomPort();
  const child = await spawnCounted(
    "apps/server/src/main.ts",
    {
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
    },
    "Conversa is running at",
  );
  return { base: `http://127.0.0.1:${port}`, child };
}

/** A floor process (a bench/*-floor-server.ts) on the same database: it listens on FLOOR_PORT and prints "floor ready". */
async function startFloor(entry: string, env: Record<string, string>, countFile: string): Promise<{ base: string; child: ChildProcess }> {
  const port = randomPort();
  const child = await spawnCounted(entry, { NODE_ENV: "production", FLOOR_PORT: String(port), BENCH_QUERY_COUNT_FILE: countFile, ...env }, "floor ready");
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

/** What bench/count-queries.ts last wrote to `file`. */
function countsOf(file: string): { total: number; byText: Record<string, number> } {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as { total: number; byText: Record<string, number> };
  } catch {
    return { total: 0, byText: {} };
  }
}

export async function call(base: string, method: string, route: string, token: string | undefined, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}`);
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

/** A client of the bench database that reads the CPU of its PostgreSQL backends. */
async function openStats(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: (text: string, values?: unknown[]) => client.query(text, values),
    /** CPU seconds of each PostgreSQL backend serving the bench database now. */
    async backendsCpu(): Promise<Map<number, number>> {
      const pids = (await client.query("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()")).rows as { pid: number }[];
      const cpu = new Map<number, number>();
      for (const { pid: backend } of pids) {
        try {
          cpu.set(backend, usage(backend).cpu);
        } catch {
          // The backend ended meanwhile.
        }
      }
      return cpu;
    },
    end: () => client.end(),
  };
}
type Stats = Awaited<ReturnType<typeof openStats>>;

/** CPU the backends used between two readings (a backend opened meanwhile counts whole; one closed meanwhile is lost). */
const backendsDelta = (from: Map<number, number>, to: Map<number, number>) => [...to].reduce((sum, [backend, cpu]) => sum + cpu - (from.get(backend) ?? 0), 0);

interface Sent {
  side: string;
  step: number;
  at: number;
  answeredAt?: number;
  ok?: boolean;
  deliveredAt?: number;
}

/** Every message a bench sent, by its unique body: when it went, was answered and was delivered. */
class Ledger {
  readonly sent = new Map<string, Sent>();
  inFlight = 0;

  /** Posts `payload` to `target`; `body` is the message's unique text, which its delivery is matched by. */
  post(side: string, step: number, body: string, target: string, headers: Record<string, string>, payload: unknown, okStatus: number): void {
    const entry: Sent = { side, step, at: performance.now() };
    this.sent.set(body, entry);
    this.inFlight += 1;
    fetch(target, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(payload) })
      .then(async (response) => {
        await response.arrayBuffer();
        entry.ok = response.status === okStatus;
      })
      .catch(() => {
        entry.ok = false;
      })
      .finally(() => {
        entry.answeredAt = performance.now();
        this.inFlight -= 1;
      });
  }

  /** The message of this body reached its end (the socket event the bench waits for). */
  delivered(body: string): void {
    const entry = this.sent.get(body);
    if (entry && entry.deliveredAt === undefined) entry.deliveredAt = performance.now();
  }
}

/** One side of the comparison: the product's server or the floor's process, and how it sends a message of a step. */
export interface Side {
  name: string;
  pid: number;
  countFile: string;
  send(step: number): void;
}

/**
 * Runs each rate on every side (alternating which goes first), printing a table row per step and, at the end,
 * the CPU per message of the product against the floor. Stops after a rate where the product's p99 passes 1 s
 * or its backlog grows.
 */
export async function runRates(input: { ledger: Ledger; stats: Stats; sides: Side[]; rates: number[]; stepSeconds: number; title: string }): Promise<void> {
  const { ledger, stats, sides, rates, stepSeconds } = input;
  console.log(`${input.title}, node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log(
    "| target msg/s | side | sent | dropped | errors | achieved msg/s | HTTP p50 ms | HTTP p99 ms | p50 ms | p99 ms | max ms | backlog at step end | server CPU % | its PostgreSQL backends CPU % | CPU ms/msg (server + backends) | load generator CPU % | machine CPU % | RSS MB | statements/msg | transactions/msg | job-queue statements/s |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");

  const runStep = async (side: Side, step: number, rate: number): Promise<{ p99: number; backlog: number; cpuPerMessage: number }> => {
    let dropped = 0;
    let scheduled = 0;
    const cpu0 = usage(side.pid).cpu;
    const machine0 = machine();
    const own0 = process.cpuUsage();
    const backends0 = await stats.backendsCpu();
    const { byText: byText0, total: queries0 } = countsOf(side.countFile);
    const start = performance.now();
    const end = start + stepSeconds * 1000;
    while (performance.now() < end) {
      const due = Math.floor(((performance.now() - start) / 1000) * rate);
      for (; scheduled < due; scheduled++) {
        if (ledger.inFlight >= MAX_IN_FLIGHT) dropped += 1;
        else side.send(step);
      }
      await sleep(TICK_MS);
    }
    const stepEnd = performance.now();
    const entries = [...ledger.sent.values()].filter((e) => e.step === step && e.side === side.name);
    const backlog = entries.filter((e) => e.ok !== false && (e.deliveredAt === undefined || e.deliveredAt > stepEnd)).length;
    // Give the files a moment to catch up so the statement count covers the step's own work.
    await sleep(1100);
    const usage1 = usage(side.pid);
    const machine1 = machine();
    const own1 = process.cpuUsage(own0);
    const backends1 = await stats.backendsCpu();
    const { byText: byText1, total: queries1 } = countsOf(side.countFile);
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
    if (step < sides.length) {
      const top = Object.entries(byText1)
        .map(([text, n]) => [text, (n - (byText0[text] ?? 0)) / Math.max(1, entries.length)] as const)
        .filter(([, perMessage]) => perMessage >= 0.05)
        .sort((a, b) => b[1] - a[1]);
      for (const [text, perMessage] of top) console.log(`  ${side.name}: ${perMessage.toFixed(2)} per message: ${text}`);
    }
    // Let the step's backlog drain before the next step (at most 20 s).
    const drainUntil = performance.now() + 20_000;
    while (performance.now() < drainUntil && (ledger.inFlight > 0 || entries.some((e) => e.ok !== false && e.deliveredAt === undefined))) await sleep(100);
    return { p99: percentile(latencies, 99), backlog, cpuPerMessage };
  };

  const ratios: string[] = [];
  let previousBacklog = -1;
  let step = 0;
  for (const rate of rates) {
    // Which side goes first alternates from rate to rate.
    const order = (step / sides.length) % 2 === 0 ? sides : [...sides].reverse();
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
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
}

/**
 * The product on a fresh database `url`: the server started, the admin logged in, the simulator paired and the
 * admin's socket connected (joined to `rooms`: [event, argument] pairs it emits, acknowledged, before the run).
 */
export async function startProduct(url: string, name: string, rooms: [string, ...unknown[]][]) {
  await freshDatabase(url);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `conversa-bench-${name}-`));
  const countFile = path.join(dataDir, "queries");
  const { base, child } = await startMain(url, countFile, dataDir);
  const { token, user } = ZAuthResponse.parse(await call(base, "POST", "/auth/login", undefined, ADMIN));
  const connectionId = await pairSimulator(base, token);
  const socket = connect(base, { auth: { token }, transports: ["websocket"], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once("ready", () => resolve());
    socket.once("connect_error", reject);
  });
  for (const [event, ...args] of rooms) await socket.emitWithAck(event, ...args);
  const stats = await openStats(url);
  return { base, child, dataDir, countFile, token, user, companyId: user.companyId, connectionId, socket, stats, ledger: new Ledger() };
}
type Product = Awaited<ReturnType<typeof startProduct>>;

/**
 * The floor process `entry` on the product's database and company, its socket's `appMessage` events handed to
 * `onMessage` as the product's are: answers the side whose `send` posts to the floor's base URL.
 */
export async function startFloorSide<Payload>(product: Product, url: string, entry: string, onMessage: (payload: Payload) => void, send: (base: string, step: number) => void): Promise<Side & { child: ChildProcess; socket: Socket }> {
  const countFile = path.join(product.dataDir, "floor-queries");
  const floor = await startFloor(entry, { FLOOR_DATABASE_URL: url, FLOOR_COMPANY_ID: String(product.companyId) }, countFile);
  const socket = connect(floor.base, { transports: ["websocket"], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  socket.on(companyEvent(product.companyId, "appMessage"), (payload: Payload) => onMessage(payload));
  return { name: "floor", pid: floor.child.pid!, countFile, send: (step) => send(floor.base, step), child: floor.child, socket };
}

/** Stops the processes and removes the run's files. */
export async function stopAll(product: Product, floor: { child: ChildProcess; socket: Socket } | undefined): Promise<void> {
  floor?.socket.disconnect();
  floor?.child.kill("SIGTERM");
  product.socket.disconnect();
  await product.stats.end();
  product.child.kill("SIGTERM");
  rmSync(product.dataDir, { recursive: true, force: true });
}

/** A bench's entry: runs `main`, exits 0 after it and 1 on its failure. */
export function runMain(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
