import { botRuntimeOf } from "./bots/runtime.ts";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { AppDeps } from "./app.ts";
import { ChannelManager } from "./channels/channel-manager.ts";
import { LazyDriver } from "./channels/lazy-driver.ts";
import { CloudDriver } from "./channels/cloud/cloud-driver.ts";
import { LocalSessionLocks, PgSessionLocks } from "./channels/session-locks.ts";
import { LocalImportLocks, PgImportLocks } from "./modules/contacts/import-locks.ts";
import { SimulatorDriver } from "./channels/simulator/simulator-driver.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { LookupAddresses } from "./lib/egress.ts";
import { ConversationEngine } from "./engine/engine.ts";
import { AckWatchers, CustomerReplyClaimers } from "./engine/reply-hooks.ts";
import { DomainEvents } from "./events/domain-events.ts";
import { JobQueue } from "./jobs/queue.ts";
import { type Mailer, createMailer } from "./mail/mailer.ts";
import { MediaStore } from "./media/media-store.ts";
import { createStorageLedger } from "./media/storage-ledger.ts";
import { LoginThrottle } from "./modules/auth/login-throttle.ts";
import { SecretBox } from "./lib/secret-box.ts";
import { openRedis } from "./lib/redis.ts";
import { startScheduleWorkers } from "./modules/schedules/index.ts";
import { createPaymentProvider, startBillingWorkers } from "./modules/billing/index.ts";
import { registerCampaignReplies, startCampaignWorkers } from "./modules/campaigns/index.ts";
import { startAuditWorkers } from "./modules/audit/index.ts";
import { startCloudTemplatesWorkers } from "./modules/cloud-templates/index.ts";
import { auditRetentionDays } from "./modules/installation-settings/index.ts";
import { registerSimulatorOps } from "./modules/simulator/simulator.service.ts";
import { startCloudWebhookWorkers } from "./modules/cloud-webhooks/index.ts";

/** The composition root: every long-lived service, wired once, for main.ts and for the tests. */
export interface Platform extends AppDeps {
  database: Database;
  /** Starts the job queue and its workers, then the channel sessions. */
  start(): Promise<void>;
  /** Stops sessions and workers; the database is closed by its owner. */
  stop(): Promise<void>;
}

export interface PlatformOptions {
  /** The mailer to use instead of the configuration's (tests give each app its own mail folder). */
  mailer?: Mailer;
  /** How the outbound policy resolves host names (the system's resolver unless given). */
  egressLookup?: LookupAddresses;
}

export function createPlatform(config: Config, database: Database, logger: FastifyBaseLogger, events = new DomainEvents(), options: PlatformOptions = {}): Platform {
  const jobs = new JobQueue(database, logger);
  // Several server processes share realtime, presence and session calls through Redis; one process needs none.
  const redis = config.redisUrl ? openRedis(config.redisUrl, config.redisPrefix, logger) : undefined;
  const locks = database.kind === "postgres" && database.pool ? new PgSessionLocks(database.pool) : new LocalSessionLocks();
  const importLocks = database.kind === "postgres" && database.pool ? new PgImportLocks(database.pool) : new LocalImportLocks();
  const channels = new ChannelManager({ db: database.db, events, locks, log: logger, urls: { publicUrl: config.publicUrl } });
  // WhatsApp Web through Baileys (provider "beta"): it connects only when a beta connection is started,
  // and its library is loaded only then (a process without beta sessions never holds it in memory).
  // Never under tests: a test run must not reach WhatsApp (tests register fake drivers for "beta").
  if (config.env !== "test") {
    channels.registerDriver(
      new LazyDriver("beta", async () => {
        const { BaileysDriver } = await import("./channels/baileys/baileys-driver.ts");
        return new BaileysDriver({ db: database.db, sink: channels.onEvent, log: logger });
      }),
    );
  }
  const box = new SecretBox(config.dataEncryptionKey);
  // The official line (Meta's Cloud API): it only calls WHATSAPP_CLOUD_API_URL, which tests point at a fake.
  channels.registerDriver(new CloudDriver({ db: database.db, box, sink: channels.onEvent, graphUrl: config.whatsappCloudApiUrl, log: logger }));
  // The built-in WhatsApp stand-in exists only when enabled (never by default in production).
  const simulator = config.simulator
    ? new SimulatorDriver({ db: database.db, sink: channels.onEvent, log: logger, onChange: (change) => events.publish("simulator.changed", change) })
    : undefined;
  if (simulator) {
    channels.registerDriver(simulator);
    registerSimulatorOps(channels, simulator);
  }
  const media = new MediaStore(path.join(config.dataDir, "media"), createStorageLedger(database.db));
  const engine = new ConversationEngine({
    db: database.db,
    events,
    jobs,
    channels,
    media,
    log: logger,
    bots: botRuntimeOf(config, options.egressLookup),
    replyClaimers: new CustomerReplyClaimers(),
    ackWatchers: new AckWatchers(),
  });
  // Before any message arrives: a campaign recipient's reply is the campaign's before it is the bot's.
  registerCampaignReplies(engine);
  channels.setInboundHandler(engine);
  const mailer = options.mailer ?? createMailer(config, logger);
  const payments = createPaymentProvider(config);
  const auth = {
    db: database.db,
    events,
    tokens: { accessSecret: config.jwtSecret, refreshSecret: config.jwtRefreshSecret, accessTtl: config.accessTokenTtl, refreshTtl: config.refreshTokenTtl },
    throttle: new LoginThrottle(database.db),
    box,
  };
  let started = false;
  return {
    config,
    database,
    db: database.db,
    events,
    logger,
    jobs,
    channels,
    media,
    engine,
    mailer,
    simulator,
    payments,
    importLocks,
    redis,
    auth,
    async start() {
      if (started) return;
      started = true;
      await jobs.start();
      await engine.startWorkers();
      await startScheduleWorkers(engine.deps);
      await startBillingWorkers({ db: database.db, events, config, mailer, payments, logger, jobs });
      await startCampaignWorkers(engine.deps);
      await startAuditWorkers({ db: database.db, jobs, logger, retentionDays: auditRetentionDays });
      await startCloudWebhookWorkers({
        db: database.db,
        box: auth.box,
        jobs,
        graphUrl: config.whatsappCloudApiUrl,
        sink: channels.onVerifiedEvent,
        reconcileSend: (event) => engine.reconcileSend(event),
        log: logger,
      });
      await startCloudTemplatesWorkers({ db: database.db, box: auth.box, graphUrl: config.whatsappCloudApiUrl, jobs, log: logger });
      await channels.startAll();
    },
    async stop() {
      // Sessions may run without the job queue (started one by one): always release them and their locks.
      await channels.stopAll();
      mailer.close();
      await redis?.close();
      if (!started) return;
      started = false;
      await jobs.stop();
    },
  };
}
