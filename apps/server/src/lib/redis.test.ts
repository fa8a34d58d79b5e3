import { afterEach, describe, expect, it } from "vitest";
import { TEST_REDIS_URL, redisUnavailable } from "../../test/redis.ts";
import { TcpProxy } from "../../test/tcp-proxy.ts";
import { type Redis, openRedis } from "./redis.ts";

/*
 * Closing the server's Redis ends whatever state the connection is in: connected, or between two
 * reconnection attempts while Redis does not answer.
 */

const unavailable = await redisUnavailable();
if (unavailable) console.warn(`Redis close: skipped: ${unavailable}`);

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe.skipIf(unavailable)("closing the server's Redis", () => {
  let proxy: TcpProxy | undefined;
  let redis: Redis | undefined;

  afterEach(async () => {
    proxy?.setMode("up");
    await proxy?.close();
  });

  async function open(): Promise<{ proxy: TcpProxy; redis: Redis }> {
    const target = new URL(TEST_REDIS_URL);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    redis = openRedis(proxy.urlFor(TEST_REDIS_URL), "conversa-test", quiet);
    await until(() => redis?.isReady() ?? false);
    return { proxy, redis };
  }

  it("says QUIT to a Redis that answers and leaves both clients closed", async () => {
    const { redis } = await open();
    await redis.close();
    expect([redis.command.isOpen, redis.subscriber.isOpen]).toEqual([false, false]);
  });

  it("ends at once while the clients wait to reconnect, instead of waiting for a connection that never comes", async () => {
    const { proxy, redis } = await open();
    proxy.setMode("refuse");
    proxy.cut();
    await until(() => !redis.command.isReady && !redis.subscriber.isReady);
    await redis.close();
    expect([redis.command.isOpen, redis.subscriber.isOpen]).toEqual([false, false]);
  }, 10_000);
});
