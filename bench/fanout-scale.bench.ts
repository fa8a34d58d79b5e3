/**
 * A ticket update fanned out to 2,000 attendant sockets of one company: on one server process, or on two
 * joined by the Socket.IO Redis adapter the product uses (realtime/cluster.ts), the sockets split
 * between them and every event emitted on the first. Every socket may see the ticket (200 admins, 1,800
 * attendants of its queue), each following the notification stream and the open and pending tabs as the
 * web app does, so each update reaches all 2,000. The servers run in child processes of their own (the
 * rooms of realtime/socket-access.ts, the emit of realtime/fan-out.ts, no database); the clients live in
 * this process, over real websockets. Latency is from the emit (wall clock of the server process) to the
 * client's handler; CPU and RSS are read from /proc for each server process.
 * Usage: npx tsx bench/fanout-scale.bench.ts [1|2] (REDIS_URL, default redis://127.0.0.1:6379, for 2);
 * BENCH_SOCKETS, BENCH_EVENTS, BENCH_EVENTS_PER_SECOND change the run.
 */
import { type ChildProcess, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { pino } from "pino";
import { Server } from "socket.io";
import { io as connect, type Socket as ClientSocket } from "socket.io-client";
import { type Ticket, companyEvent, ticketScopes } from "@conversa/shared";
import { openRedis } from "../apps/server/src/lib/redis.ts";
import { viewerAudience } from "../apps/server/src/modules/tickets/tickets.policy.ts";
import { clusterAdapter } from "../apps/server/src/realtime/cluster.ts";
import { fanOut } from "../apps/server/src/realtime/fan-out.ts";
import { applyViewer, joinScope } from "../apps/server/src/realtime/socket-access.ts";

const PROCESSES = process.argv[2] === "2" ? 2 : 1;
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);
const EVENTS_PER_SECOND = Number(process.env.BENCH_EVENTS_PER_SECOND ?? 10);
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const COMPANY = 1;
const QUEUE = 1;
const TICKET = { id: 1000, uuid: "uuid-bench", status: "open", queueId: QUEUE, userId: null, contact: { id: 1 } } as unknown as Ticket;

const wallClock = () => performance.timeOrigin + performance.now();

/** In a server child: the realtime server, emitting when the parent asks. */
async function serve(): Promise<void> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  if (process.env.BENCH_REDIS === "1") {
    const redis = openRedis(REDIS_URL, `bench-fanout-${process.ppid}`, pino({ level: "silent" }));
    io.adapter(clusterAdapter(redis));
  }
  io.on("connection", (socket) => {
    const index = Number(socket.handshake.auth.index);
    const admin = index % 10 === 0;
    const ctx = { companyId: COMPANY, userId: index + 1, profile: admin ? ("admin" as const) : ("user" as const), isSuper: false };
    const facts = { queueIds: admin ? [] : [QUEUE, 2 + (index % 5)], allTicket: "desabled" };
    void socket.join([`c${COMPANY}`, `c${COMPANY}:u${ctx.userId}`]);
    applyViewer(socket, { ctx, facts, audience: viewerAudience(ctx, facts) });
    for (const scope of [ticketScopes.notification, ticketScopes.status("open"), ticketScopes.status("pending")]) joinScope(socket, COMPANY, scope);
    socket.emit("ready");
  });
  process.on("message", (message: { events: number; perSecond: number }) => {
    let sent = 0;
    const timer = setInterval(() => {
      fanOut(io, { name: "ticket.updated", payload: { companyId: COMPANY, ticket: { ...TICKET, lastMessage: String(wallClock()) } } });
      sent += 1;
      if (sent === message.events) clearInterval(timer);
    }, 1000 / message.perSecond);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  process.send?.({ port: (http.address() as AddressInfo).port });
}

/** CPU seconds (user + system) and RSS in MB of a process, from /proc. */
function usage(pid: number): { cpu: number; rssMb: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return { cpu: (Number(fields[11]) + Number(fields[12])) / 100, rssMb: Number(rss) / 1024 };
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(process.argv[1]!, [], { env: { ...process.env, BENCH_ROLE: "server", BENCH_REDIS: PROCESSES === 2 ? "1" : "0" }, execArgv: process.execArgv });
  process.once("exit", () => child.kill("SIGKILL"));
  return new Promise((resolve, reject) => {
    child.once("message", (message: { port: number }) => resolve({ url: `http://127.0.0.1:${message.port}`, child }));
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
}

async function main(): Promise<void> {
  const servers = await Promise.all(Array.from({ length: PROCESSES }, startServer));
  const idle = servers.map((s) => usage(s.child.pid!));
  const latencies: number[] = [];
  const byServer: number[][] = Array.from({ length: PROCESSES }, () => []);
  const lastOfEvent = new Map<string, number>();
  const clients: ClientSocket[] = [];
  const connectStart = performance.now();
  // In batches, so that 2,000 handshakes do not all wait on one another.
  for (let start = 0; start < SOCKETS; start += 100) {
    await Promise.all(
      Array.from(
        { length: Math.min(100, SOCKETS - start) },
        (_, i) =>
          new Promise<void>((resolve, reject) => {
            const index = start + i;
            const client = connect(servers[index % PROCESSES]!.url, { auth: { index }, transports: ["websocket"], forceNew: true, reconnection: false });
            client.on(companyEvent(COMPANY, "ticket"), (payload: { action: string; ticket: { lastMessage: string } }) => {
              if (payload.action !== "update") return;
              const latency = wallClock() - Number(payload.ticket.lastMessage);
              latencies.push(latency);
              byServer[index % PROCESSES]!.push(latency);
              lastOfEvent.set(payload.ticket.lastMessage, Math.max(lastOfEvent.get(payload.ticket.lastMessage) ?? 0, latency));
            });
            client.once("ready", () => resolve());
            client.once("connect_error", reject);
            clients.push(client);
          }),
      ),
    );
  }
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const connected = servers.map((s) => usage(s.child.pid!));
  // The adapters subscribe to the rooms' channels as sockets join them.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = servers.map((s) => usage(s.child.pid!));
  const clientCpu0 = process.cpuUsage();
  const started = performance.now();
  servers[0]!.child.send({ events: EVENTS, perSecond: EVENTS_PER_SECOND });
  let count = -1;
  while (count !== latencies.length || latencies.length === 0) {
    count = latencies.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const seconds = (performance.now() - started) / 1000 - 1;
  const after = servers.map((s) => usage(s.child.pid!));
  const clientCpu = process.cpuUsage(clientCpu0);
  latencies.sort((a, b) => a - b);
  const lasts = [...lastOfEvent.values()].sort((a, b) => a - b);
  console.log(
    `fan-out at scale: ${SOCKETS} sockets on ${PROCESSES} process(es)${PROCESSES === 2 ? " (Redis adapter)" : ""}, ${EVENTS} ticket updates at ${EVENTS_PER_SECOND}/s, node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
  );
  console.log(`connected in ${connectSeconds.toFixed(1)} s; deliveries ${latencies.length} of ${EVENTS * SOCKETS} expected`);
  console.log(
    `per delivery: p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms; until the last socket of an event: p50 ${percentile(lasts, 50).toFixed(1)} ms, p99 ${percentile(lasts, 99).toFixed(1)} ms`,
  );
  servers.forEach((_, i) => {
    const own = byServer[i]!.sort((a, b) => a - b);
    const cpuPercent = ((after[i]!.cpu - before[i]!.cpu) / seconds) * 100;
    console.log(
      `server ${i + 1}: sockets' p50 ${percentile(own, 50).toFixed(1)} ms, p99 ${percentile(own, 99).toFixed(1)} ms; RSS idle ${idle[i]!.rssMb.toFixed(0)} MB, with sockets ${connected[i]!.rssMb.toFixed(0)} MB, after the events ${after[i]!.rssMb.toFixed(0)} MB; CPU during the events ${cpuPercent.toFixed(0)} % of a core`,
    );
  });
  console.log(`clients (this process): CPU during the events ${(((clientCpu.user + clientCpu.system) / 1e6 / seconds) * 100).toFixed(0)} % of a core`);
  for (const client of clients) client.disconnect();
  for (const server of servers) server.child.kill();
  process.exit(0);
}

if (process.env.BENCH_ROLE === "server") {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
