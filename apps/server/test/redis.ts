import { createClient } from "redis";

/** The Redis of the tests that need one. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether the tests' Redis answers; the reason when it does not. */
export async function redisUnavailable(): Promise<string | undefined> {
  const client = createClient({ url: TEST_REDIS_URL, socket: { connectTimeout: 2_000, reconnectStrategy: false } });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return `no Redis answers at ${TEST_REDIS_URL} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    if (client.isOpen) await client.disconnect();
  }
}
