/**
 * The server's memory under the attendant's read load, as it runs in production: the built bundle
 * (`node apps/server/dist/main.js`, NODE_ENV=production, job workers and channel sessions started)
 * and, for comparison, the same sources run through tsx, as the other benches run them. Each runs in
 * a process of its own on the data of seed-inbox.ts; after a warm-up, 8 closed-loop clients send the
 * five hot reads in turn (open tab, pending tab, message page, the two searches) and VmRSS is sampled
 * every 250 ms from /proc/<pid>/status. Idle is measured once the process has settled (settledRss),
 * before the load and again after it; V8's heap spaces and external memory are printed for each, and
 * the drivers the server loaded (the seed's connection is a `beta` one: Baileys is loaded at boot).
 * BENCH_NODE_OPTIONS passes V8 options to the server's node. Usage (after the seed and `npm run build -w apps/server`):
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/conversa_bench npx tsx bench/rss.bench.ts
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runLoad } from "./load.ts";
import { BENCH_LOGIN } from "./server-process.ts";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/conversa_bench";
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** The longest wait for the idle process to settle (settledRss). */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 120);
/** V8 options for the server's node, as the deploy guide gives them (BENCH_NODE_OPTIONS="" for none). */
const NODE_FLAGS = (process.env.BENCH_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bundle = path.join(root, "apps/server/dist/main.js");

interface Side {
  name: string;
  args: string[];
}

const allSides: (Side & { key: string })[] = [
  { key: "built", name: "built bundle (node apps/server/dist/main.js)", args: [bundle] },
  { key: "tsx", name: "sources through tsx", args: ["--import", "tsx", path.join(root, "apps/server/src/main.ts")] },
];
/** BENCH_SIDES=built (or tsx) measures one side only. */
const sides = allSides.filter((side) => !process.env.BENCH_SIDES || process.env.BENCH_SIDES.split(",").includes(side.key));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM of a process, in MiB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return { rss: kib("VmRSS") / 1024, hwm: kib("VmHWM") / 1024 };
}

/** The resident parts V8 reports, in MiB, from /metrics: each heap space (used / size), external memory. */
interface ResidentParts {
  heapUsed: number;
  heapTotal: number;
  external: number;
  spaces: Record<string, { used: number; size: number }>;
}

async function residentParts(base: string, token: string): Promise<ResidentParts> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const mib = (pattern: string) => Number(new RegExp(`^conversa_${pattern} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN) / 2 ** 20;
  const spaces: ResidentParts["spaces"] = {};
  for (const match of text.matchAll(/^conversa_nodejs_heap_space_size_used_bytes\{space="([a-z_]+)"\} (\S+)$/gm)) {
    spaces[match[1]!] = { used: Number(match[2]) / 2 ** 20, size: mib(`nodejs_heap_space_size_total_bytes\\{space="${match[1]!}"\\}`) };
  }
  return { heapUsed: mib("nodejs_heap_size_used_bytes"), heapTotal: mib("nodejs_heap_size_total_bytes"), external: mib("nodejs_external_memory_bytes"), spaces };
}

function describeParts(parts: ResidentParts, rss: number): string {
  const spaces = Object.entries(parts.spaces)
    .filter(([, space]) => space.size >= 0.5)
    .map(([name, space]) => `${name} ${space.used.toFixed(1)}/${space.size.toFixed(1)}`)
    .join(", ");
  const outside = rss - parts.heapTotal - parts.external;
  return `heap ${parts.heapUsed.toFixed(0)}/${parts.heapTotal.toFixed(0)} MiB (${spaces}), external ${parts.external.toFixed(1)} MiB, the rest of RSS (native: Node, V8's compiled code outside the heap, libraries, PostgreSQL driver buffers) ${outside.toFixed(0)} MiB`;
}

/**
 * RSS once the process has settled: sampled every 5 s until two samples in a row differ by under 1 MiB
 * after V8's memory reducer had its chance (it returns memory some 30–60 s after activity stops), or
 * for IDLE_SECONDS at most. A server just up, or just done with a burst, still holds its young
 * generation and what start-up allocated; what it keeps while nobody asks anything is this.
 */
async function settledRss(pid: number): Promise<number> {
  const started = Date.now();
  let last = memoryOf(pid).rss;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const now = memoryOf(pid).rss;
    const waited = Date.now() - started;
    if ((waited >= 60_000 && Math.abs(now - last) < 1) || waited >= IDLE_SECONDS * 1000) return now;
    last = now;
  }
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const answer = await fetch(`${base}/health`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("server did not answer /health within 60 s");
}

async function measure(side: Side, ticketCount: number): Promise<string> {
  const drivers = await startEveryDriverAtBoot(url);
  const port = await freePort();
  const secret = () => randomBytes(32).toString("hex");
  const metricsToken = secret();
  const child = spawn(process.execPath, [...NODE_FLAGS, ...side.args], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: url,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "conversa-rss-")),
      LOG_LEVEL: "warn",
      SIMULATOR: "off",
      JWT_SECRET: secret(),
      JWT_REFRESH_SECRET: secret(),
      DATA_ENCRYPTION_KEY: secret(),
      METRICS_TOKEN: metricsToken,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(base, child);
    const pid = child.pid!;
    const booted = memoryOf(pid);
    const idle = await settledRss(pid);
    const idleParts = await residentParts(base, metricsToken);
    const login = await fetch(`${base}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(BENCH_LOGIN) });
    if (!login.ok) throw new Error(`bench login answered ${login.status}: seed the bench database first`);
    const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
    const paths = [
      () => "/tickets?status=open&showAll=true&pageNumber=1",
      () => "/tickets?status=pending&showAll=true&pageNumber=1",
      () => `/messages/${1 + Math.floor(Math.random() * ticketCount)}?pageNumber=1`,
      () => `/tickets?searchParam=${pick(["silva", "souza", "lima", "costa", "pereira"])}&showAll=true&pageNumber=1`,
      () => `/tickets?searchParam=${pick(["pedido", "boleto", "prazo", "ajuda", "entrega"])}&showAll=true&pageNumber=1`,
    ];
    let turn = 0;
    const next = () => `${base}${paths[turn++ % paths.length]!()}`;
    await runLoad("warm-up", next, headers, { concurrency, seconds: 5 });
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, 250);
    const load = await runLoad(side.name, next, headers, { concurrency, seconds });
    clearInterval(sampler);
    for (const path of paths) {
      const answer = await fetch(`${base}${path()}`, { headers });
      if (!answer.ok) console.error(`${side.name}: ${path()} answered ${answer.status} ${(await answer.text()).slice(0, 200)}`);
    }
    const after = memoryOf(pid);
    const loadedParts = await residentParts(base, metricsToken);
    const idleAfter = await settledRss(pid);
    parts.push(`${side.name}, connections started at boot: ${drivers}\n  idle: ${describeParts(idleParts, idle)}\n  right after the load: ${describeParts(loadedParts, after.rss)}`);
    return `| ${side.name} | ${booted.rss.toFixed(0)} | ${idle.toFixed(0)} | ${peak.toFixed(0)} | ${after.hwm.toFixed(0)} | ${idleAfter.toFixed(0)} | ${loadedParts.heapUsed.toFixed(0)} / ${loadedParts.heapTotal.toFixed(0)} | ${loadedParts.external.toFixed(0)} | ${load.requests} | ${load.errors} | ${load.rps} | ${load.p50} | ${load.p99} |`;
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

/** What each side's resident parts were, printed after the table. */
const parts: string[] = [];

/**
 * Marks the seed's connections to be started at boot, so that the server loads every driver they
 * name (the seed's is a `beta` one: Baileys, which then fails to reach WhatsApp and retries, as a
 * server without a paired phone does), and answers the providers started.
 */
async function startEveryDriverAtBoot(databaseUrl: string): Promise<string> {
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ provider: string }>("update connections set status = 'OPENING' returning provider");
  await client.end();
  const providers = [...new Set(rows.map((row) => (row.provider === "beta" ? "beta (Baileys)" : row.provider)))].sort();
  if (!providers.some((provider) => provider.startsWith("beta"))) throw new Error("the bench company has no beta connection: seed it with bench/seed-inbox.ts");
  return providers.join(", ");
}

async function main(): Promise<void> {
  if (!existsSync(bundle)) throw new Error("build the server first: npm run build -w apps/server");
  const pg = await import("pg");
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ n: number }>("select count(*)::int as n from tickets");
  await client.end();
  const ticketCount = rows[0]?.n ?? 0;
  if (ticketCount === 0) throw new Error("no tickets: seed the bench database first (bench/seed-inbox.ts)");
  console.log(`Node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}, ${ticketCount} tickets`);
  console.log(`node options for the server: ${NODE_FLAGS.join(" ") || "none"}`);
  console.log(
    "| server | RSS just up MiB | RSS idle (settled) MiB | RSS peak under load MiB | VmHWM MiB | RSS idle again after the load MiB | V8 heap used / total MiB (after the load) | external MiB | requests | errors | req/s | p50 ms | p99 ms |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  );
  for (const side of sides) console.log(await measure(side, ticketCount));
  console.log(`\n${parts.join("\n")}`);
  console.log(`load average at the end ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
