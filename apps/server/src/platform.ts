import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "./app.ts";
import { ChannelManager } from "./channels/channel-manager.ts";
import { LocalSessionLocks, PgSessionLocks } from "./channels/session-locks.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { DomainEvents } from "./events/domain-events.ts";
import { JobQueue } from "./jobs/queue.ts";
import { LoginLimiter } from "./modules/auth/login-limiter.ts";

/** The composition root: every long-lived service, wired once, for main.ts and for the tests. */
export interface Platform extends AppDeps {
  database: Database;
  /** Starts the job queue and its workers, then the channel sessions. */
  start(): Promise<void>;
  /** Stops sessions and workers; the database is closed by its owner. */
  stop(): Promise<void>;
}

export function createPlatform(config: Config, database: Database, logger: FastifyBaseLogger, events = new DomainEvents()): Platform {
  const jobs = new JobQueue(database, logger);
  const locks = database.kind === "postgres" && database.pool ? new PgSessionLocks(database.pool) : new LocalSessionLocks();
  const channels = new ChannelManager({ db: database.db, events, locks, log: logger });
  let started = false;
  return {
    config,
    database,
    db: database.db,
    events,
    logger,
    jobs,
    channels,
    auth: {
      db: database.db,
      events,
      tokens: { accessSecret: config.jwtSecret, refreshSecret: config.jwtRefreshSecret, accessTtl: config.accessTokenTtl, refreshTtl: config.refreshTokenTtl },
      limiter: new LoginLimiter(config.loginMaxFailures, config.loginWindowMs),
    },
    async start() {
      if (started) return;
      started = true;
      await jobs.start();
      await channels.startAll();
    },
    async stop() {
      if (!started) return;
      started = false;
      await channels.stopAll();
      await jobs.stop();
    },
  };
}
