import { randomUUID } from "node:crypto";
import { createClient } from "redis";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyEvent } from "@conversa/shared";
import { type TestApp, buildTestApp } from "../../test/build-test-app.ts";
import { eventually } from "../../test/engine-harness.ts";
import { bearer, createTenant } from "../../test/factories.ts";
import { TEST_REDIS_URL, redisUnavailable } from "../../test/redis.ts";
import { openSocket } from "../../test/server-client.ts";
import { TcpProxy } from "../../test/tcp-proxy.ts";

/*
 * A server with REDIS_URL whose Redis goes away and comes back: it keeps serving its requests and its own
 * sockets, logs the outage once, and shares presence again once Redis answers.
 */

const unavailable = await redisUnavailable();
if (unavailable) console.warn(`Redis outage: skipped: ${unavailable}`);

describe.skipIf(unavailable)("a server whose Redis stops answering", () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let url: string;
  const lines: string[] = [];
  const sockets: Socket[] = [];
  const prefix = `conversa-test-${randomUUID().slice(0, 8)}`;
  const redis = createClient({ url: TEST_REDIS_URL });

  const open = (token: string): Promise<Socket> => openSocket(url, token, sockets);

  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    await redis.connect();
    t = await buildTestApp(
      { redisUrl: proxy.urlFor(TEST_REDIS_URL), redisPrefix: prefix, logLevel: "info" },
      { logDestination: { write: (line: string) => void lines.push(line) } },
    );
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
    proxy.setMode("up");
    await proxy.close();
    await redis.disconnect();
  });

  it("serves requests and its own sockets through the outage, logs it once, and shares presence again after it", async () => {
    const a = await createTenant(t.app, t.db);
    const before = await open(a.adminToken);
    const presenceKey = `${prefix}:presence:${a.company.id}:${a.admin.id}`;
    await eventually(() => redis.zCard(presenceKey), (count) => count === 1);

    proxy.setMode("refuse");
    proxy.cut();
    await eventually(() => lines.filter((line) => line.includes("Redis does not answer")).length, (count) => count === 1);

    expect((await t.app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
    const heard = new Promise((resolve) => before.once(companyEvent(a.company.id, "settings"), resolve));
    const answer = await t.app.inject({ method: "PUT", url: "/settings/userRating", headers: bearer(a.adminToken), payload: { value: "enabled" } });
    expect(answer.statusCode).toBe(200);
    expect(await heard).toMatchObject({ action: "update" });
    // A socket opened during the outage is served too.
    await open(a.agentToken);
    expect(lines.filter((line) => line.includes("Redis does not answer"))).toHaveLength(1);

    proxy.setMode("up");
    await eventually(() => lines.some((line) => line.includes("Redis answers again")), Boolean);
    // The sweep vouches for both sockets again.
    await eventually(() => redis.zCard(`${prefix}:presence:${a.company.id}:${a.agent.id}`), (count) => count === 1);
  }, 60_000);
});
