/**
 * The server's memory under the attendant's read load, as it runs in production: the built bundle
 * (`node apps/server/dist/main.js`, NODE_ENV=production, job workers and channel sessions started)
 * and, for comparison, the same sources run through tsx, as the other benches run them. Each runs in
 * a process of its own on the data of seed-inbox.ts; after a warm-up, 8 closed-loop clients send the
 * five hot reads in turn (open tab, pending tab, message page, the two searches) and VmRSS is sampled
 * every 250 ms from /proc/<pid>/status. Usage (after the seed and `npm run build -w apps/server`):
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

/** V8's heap (used / total) and the memory outside it (external, array buffers), in MiB, from /metrics. */
async function heapOf(base: string, token: string): Promise<string> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
  const mib = (name: string) => (Number(new RegExp(`^conversa_${name} (\\S+)$`, "m").exec(text)?.[1] ?? Number.NaN) / 2 ** 20).toFixed(0);
  return `${mib("nodejs_heap_size_used_bytes")} / ${mib("nodejs_heap_size_total_bytes")} | ${mib("nodejs_external_memory_bytes")}`;
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
  const port = await freePort();
  const secret = () => randomBytes(32).toString("hex");
  const metricsToken = secret();
  const child = spawn(process.execPath, side.args, {
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
    const idle = memoryOf(pid);
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
    const heap = await heapOf(base, metricsToken);
    return `| ${side.name} | ${idle.rss.toFixed(0)} | ${peak.toFixed(0)} | ${after.hwm.toFixed(0)} | ${heap} | ${load.requests} | ${load.errors} | ${load.rps} | ${load.p50} | ${load.p99} |`;
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
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
  console.log("| server | RSS idle MiB | RSS peak under load MiB | VmHWM MiB | V8 heap used / total MiB | external MiB | requests | errors | req/s | p50 ms | p99 ms |\n|---|---|---|---|---|---|---|---|---|---|---|");
  for (const side of sides) console.log(await measure(side, ticketCount));
  console.log(`load average at the end ${os.loadavg().map((n) => n.toFixed(1)).join(" ")}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
