import { createClient } from "redis";

export type RedisClient = ReturnType<typeof createClient>;

/** What the Redis connection logs with. */
export interface RedisLogger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The server's Redis (REDIS_URL): `command` for commands and publishing, `subscriber` for the
 * subscriptions of the Socket.IO adapter. Neither ever takes the process down: while Redis does not
 * answer, commands fail at once (no queue that would grow and replay stale events later), the
 * clients reconnect on their own with a growing pause, and the outage is logged once when it starts and
 * once when it ends.
 */
export interface Redis {
  /** Prefix of every key and channel (REDIS_PREFIX). */
  prefix: string;
  command: RedisClient;
  subscriber: RedisClient;
  /** Whether both clients are connected now. */
  isReady(): boolean;
  close(): Promise<void>;
}

/** The longest pause between two reconnection attempts. */
const RECONNECT_MAX_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

/** Opens both clients without waiting for them: a server starts while Redis is down, and works on its own until Redis is back. */
export function openRedis(url: string, prefix: string, log: RedisLogger): Redis {
  const options = {
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: (retries: number) => Math.min(100 * 2 ** Math.min(retries, 6), RECONNECT_MAX_MS) },
  };
  const command = createClient(options);
  const subscriber = createClient(options);
  let down = false;
  const watch = (client: RedisClient, role: string) => {
    // Without an 'error' listener a lost connection would end the process.
    client.on("error", (error: unknown) => {
      if (down) return;
      down = true;
      log.error({ err: error, role }, "Redis does not answer: realtime events reach this process's sockets only until it is back");
    });
    client.on("ready", () => {
      if (!down) return;
      down = false;
      log.info({ role }, "Redis answers again");
    });
    client.connect().catch((error: unknown) => log.error({ err: error, role }, "Redis connection not opened"));
  };
  watch(command, "command");
  watch(subscriber, "subscriber");
  return {
    prefix,
    command,
    subscriber,
    isReady: () => command.isReady && subscriber.isReady,
    async close() {
      await Promise.all([command, subscriber].map(closeClient));
    },
  };
}

/** How long a QUIT may wait for its answer before the connection is dropped. */
const QUIT_WAIT_MS = 2_000;

/**
 * Ends one client. A client between two reconnection attempts is dropped at once: its QUIT would wait in
 * the queue for a connection that closing stops from ever coming back, and the close would never end.
 * A connected client says QUIT, and is dropped if Redis does not answer it soon.
 */
async function closeClient(client: RedisClient): Promise<void> {
  if (!client.isOpen) return;
  const drop = () => client.disconnect().catch(() => undefined);
  if (!client.isReady) {
    await drop();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), QUIT_WAIT_MS);
  });
  const answer = await Promise.race([client.quit().catch(() => "failed" as const), late]).finally(() => clearTimeout(timer));
  if (answer === "late" || answer === "failed") await drop();
}

/**
 * The command client as the Socket.IO adapter uses it: a publish that fails while Redis is down is
 * dropped (an event nobody else can receive now) instead of becoming an unhandled rejection per emit.
 */
export function forgivingPublisher(client: RedisClient): RedisClient {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "publish") {
        return (...args: Parameters<RedisClient["publish"]>) => target.publish(...args).catch(() => 0);
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
