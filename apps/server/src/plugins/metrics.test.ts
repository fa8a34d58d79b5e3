import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { FakeDriver, createConnectionRow } from "../../test/engine-harness.ts";
import { createCompany } from "../../test/factories.ts";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { loadConfig } from "../config.ts";
import { defineJob } from "../jobs/queue.ts";

const TOKEN = "metrics-token-0123456789-abcdef";

/** The value of one series of the exposition text, or undefined when it is not there. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split("\n").find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  let t: TestApp;
  let connection: { id: number; companyId: number };
  let driver: FakeDriver;

  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN });
    driver = new FakeDriver();
    t.platform.channels.registerDriver(driver);
    const company = await createCompany(t.db);
    connection = await createConnectionRow(t.db, company.id);
    await t.platform.channels.start(connection.companyId, connection.id);
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) => t.app.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });

  it("refuses a request without the token, or with another one", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-0123456789-abcdef", TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const answer = await scrape(authorization);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ error: "ERR_INVALID_API_TOKEN" });
      expect(answer.body).not.toContain("conversa_");
    }
  });

  it("answers Prometheus' text format with requests by route template, the queue, sockets, sessions and sends", async () => {
    await t.app.inject({ method: "GET", url: "/health" });
    await t.app.inject({ method: "GET", url: "/tickets/123" });
    driver.failNext = 1;
    await expect(t.platform.channels.send(connection.id, { idempotencyKey: "k1", to: "5511999990000", isGroup: false, body: "x" })).rejects.toThrow();

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = answer.body;
    expect(valueOf(text, 'conversa_http_requests_total{method="GET",route="/health",status="200"}')).toBe(1);
    // The template, never the id.
    expect(valueOf(text, 'conversa_http_requests_total{method="GET",route="/tickets/:id",status="401"}')).toBe(1);
    expect(text).not.toContain("/tickets/123");
    expect(valueOf(text, 'conversa_http_request_duration_seconds_count{method="GET",route="/health"}')).toBe(1);
    expect(valueOf(text, 'conversa_channel_sessions{status="CONNECTED"}')).toBe(1);
    expect(valueOf(text, "conversa_channel_sessions_running")).toBe(1);
    expect(valueOf(text, 'conversa_send_failures_total{provider="beta"}')).toBe(1);
    expect(valueOf(text, "conversa_realtime_sockets")).toBe(0);
    expect(valueOf(text, "conversa_messages_send_pending")).toBe(0);
    for (const name of ["conversa_job_queue_depth", "conversa_jobs_failed", "conversa_job_attempts_failed_total", "conversa_db_pool_connections", "conversa_process_resident_memory_bytes"]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it("counts the jobs waiting, by job name", async () => {
    const definition = defineJob({ name: "test.metrics-depth", schema: z.object({ n: z.number() }) });
    await t.platform.jobs.start();
    await t.platform.jobs.send(definition, { n: 1 }, { startAfter: new Date(Date.now() + 3_600_000) });
    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(valueOf(text, 'conversa_job_queue_depth{job="test.metrics-depth",state="created"}')).toBe(1);
  });
});

describe("GET /metrics without METRICS_TOKEN", () => {
  it("does not exist", async () => {
    const t = await buildTestApp();
    try {
      const answer = await t.app.inject({ method: "GET", url: "/metrics" });
      expect(answer.statusCode).toBe(404);
      expect(t.app.routeTable.some((route) => route.url === "/metrics")).toBe(false);
    } finally {
      await t.close();
    }
  });

  it("takes no token shorter than 16 characters", () => {
    const DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "conversa-config-"));
    expect(() => loadConfig({ DATA_DIR, METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ DATA_DIR, METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({ DATA_DIR, METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
  });
});
