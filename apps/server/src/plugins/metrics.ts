import { timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { z } from "zod";
import type { ChannelManager } from "../channels/channel-manager.ts";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { AppError } from "../lib/app-error.ts";

/** What the metrics use of the platform: what they count, and where they hear of failures. */
export interface MetricsDeps {
  config: Pick<Config, "metricsToken">;
  db: Db;
  jobs: Pick<JobQueue, "onFailure">;
  channels: Pick<ChannelManager, "runningCount" | "onSendFailure">;
  /** The database itself, whose pool's use is reported. */
  database?: Pick<Database, "pool">;
  logger?: FastifyBaseLogger;
}

const ZCountRows = z.object({ rows: z.array(z.object({ label: z.string(), state: z.string().nullish(), count: z.coerce.number() })) });

/** Rows of `label, [state,] count` read at each scrape; a database that does not answer leaves the gauge empty. */
async function countRows(deps: Pick<MetricsDeps, "db" | "logger">, query: ReturnType<typeof sql>): Promise<z.infer<typeof ZCountRows>["rows"]> {
  try {
    return ZCountRows.parse(await deps.db.execute(query)).rows;
  } catch (error) {
    deps.logger?.warn({ err: error }, "metrics: the database did not answer");
    return [];
  }
}

function hasToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `GET /metrics` in Prometheus' text format, for the operator's monitoring: requests by route (rate,
 * latency), the job queue (depth and failures by job), sockets, channel sessions by status, send
 * failures, the database pool and the process itself. Served only when METRICS_TOKEN is set, to a
 * request bearing it (`Authorization: Bearer <token>`); anything else is ERR_INVALID_API_TOKEN. Nothing
 * of any company is in it: route templates, job names, statuses and counts of the whole installation.
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  const token = deps.config.metricsToken;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: "conversa_" });

  const requests = new Counter({ name: "conversa_http_requests_total", help: "HTTP requests answered, by route template and status", labelNames: ["method", "route", "status"], registers: [register] });
  const latency = new Histogram({
    name: "conversa_http_request_duration_seconds",
    help: "Time to answer HTTP requests, by route template",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook("onResponse", async (request, reply) => {
    // The template (`/tickets/:ticketId`), never the path: no ids in labels, and a bounded number of series.
    const route = request.routeOptions.url ?? "unmatched";
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: "conversa_job_queue_depth",
    help: "Jobs of the whole installation waiting (created, retry) or running (active), by job name",
    labelNames: ["job", "state"],
    registers: [register],
    async collect() {
      this.reset();
      const rows = await countRows(deps, sql`select name as label, state::text as state, count(*) as count from pgboss.job where state in ('created', 'retry', 'active') group by name, state`);
      for (const row of rows) this.set({ job: row.label, state: row.state ?? "" }, row.count);
    },
  });
  new Gauge({
    name: "conversa_jobs_failed",
    help: "Jobs of the whole installation that failed for good (retries spent) and are still kept by the queue, by job name",
    labelNames: ["job"],
    registers: [register],
    async collect() {
      this.reset();
      for (const row of await countRows(deps, sql`select name as label, count(*) as count from pgboss.job where state = 'failed' group by name`)) this.set({ job: row.label }, row.count);
    },
  });
  const jobFailures = new Counter({ name: "conversa_job_attempts_failed_total", help: "Job attempts that failed in this process (each is retried per its job's policy), by job name", labelNames: ["job"], registers: [register] });
  deps.jobs.onFailure((job) => jobFailures.inc({ job }));

  new Gauge({
    name: "conversa_realtime_sockets",
    help: "Realtime (Socket.IO) connections open on this process",
    registers: [register],
    collect() {
      this.set(app.io.engine.clientsCount);
    },
  });
  new Gauge({
    name: "conversa_channel_sessions",
    help: "WhatsApp connections of the whole installation, by status",
    labelNames: ["status"],
    registers: [register],
    async collect() {
      this.reset();
      for (const row of await countRows(deps, sql`select status as label, count(*) as count from connections group by status`)) this.set({ status: row.label }, row.count);
    },
  });
  new Gauge({
    name: "conversa_channel_sessions_running",
    help: "Channel sessions this process runs",
    registers: [register],
    collect() {
      this.set(deps.channels.runningCount);
    },
  });
  const sendFailures = new Counter({
    name: "conversa_send_failures_total",
    help: "Sends to the network that failed in this process (each is retried until its window ends), by provider",
    labelNames: ["provider"],
    registers: [register],
  });
  deps.channels.onSendFailure((provider) => sendFailures.inc({ provider }));
  new Gauge({
    name: "conversa_messages_send_pending",
    help: "Outbound messages of the whole installation waiting for their send",
    registers: [register],
    async collect() {
      const [row] = await countRows(deps, sql`select 'pending' as label, count(*) as count from messages where send_status = 'pending' and from_me`);
      this.set(row?.count ?? 0);
    },
  });
  const pool = deps.database?.pool;
  new Gauge({
    name: "conversa_db_pool_connections",
    help: "This process's PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)",
    labelNames: ["state"],
    registers: [register],
    collect() {
      if (!pool) return;
      this.set({ state: "total" }, pool.totalCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });

  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!hasToken(request, token)) throw new AppError("ERR_INVALID_API_TOKEN", undefined, "The metrics token is missing or wrong");
    const text = await register.metrics();
    return reply.header("content-type", register.contentType).header("cache-control", "no-store").send(text);
  });
}
