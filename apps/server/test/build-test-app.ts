import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import pg from "pg";
import type { DestinationStream } from "pino";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Config } from "../src/config.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { type DomainEvent, DomainEvents } from "../src/events/domain-events.ts";
import { type LookupAddresses, NO_EXCEPTIONS } from "../src/lib/egress.ts";
import { createLogger } from "../src/lib/logger.ts";
import { createMailer } from "../src/mail/mailer.ts";
import { type Platform, createPlatform } from "../src/platform.ts";

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  database: Database;
  db: Database["db"];
  /** Every domain event published since the app was built (cleared with events.length = 0). */
  published: DomainEvent[];
  /** Where this app's mail goes as .eml files when no SMTP_URL is configured (removed on close). */
  mailDir: string;
  close(): Promise<void>;
}

let databaseCounter = 0;
let mailDirCounter = 0;

/**
 * The database of the previous test of this file, emptied and handed to the next one: loading a PGlite
 * dump or copying a template database costs about a second, emptying the tables a few milliseconds.
 */
let spare: Database | undefined;

/** Every table back to the state of the migrated template: no rows, identities restarted, no job queue. */
const EMPTY_DATABASE = `
  do $$
  declare tables text;
  begin
    select string_agg(format('%I.%I', schemaname, tablename), ', ') into tables from pg_tables where schemaname = 'public';
    if tables is not null then execute 'truncate table ' || tables || ' restart identity cascade'; end if;
  end $$;
  drop schema if exists pgboss cascade;
`;

async function emptyDatabase(database: Database): Promise<void> {
  if (database.pglite) await database.pglite.exec(EMPTY_DATABASE);
  else await database.pool!.query(EMPTY_DATABASE);
}

/**
 * A database of its own on TEST_DATABASE_URL's server (server-postgres project), copied from the
 * migrated template: its name, its connection string, and `drop` to remove it.
 */
export async function createPostgresTestDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("pgTemplate");
  if (!url || !template) throw new Error("server-postgres project without TEST_DATABASE_URL");
  const name = `conversa_t_${process.ppid}_${process.pid}_${databaseCounter++}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    name,
    url: dbUrl.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A copy of the migrated template, on PGlite or on the PostgreSQL server. */
async function newDatabase(): Promise<Database> {
  if (process.env.TEST_DB === "postgres") {
    const created = await createPostgresTestDatabase();
    const database = await openDatabase({ url: created.url });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await created.drop();
      },
    };
  }
  const dump = readFileSync(inject("pgliteTemplate"));
  return openDatabase({ dataDir: "memory://", loadDataDir: new Blob([dump]) });
}

/** Databases that must not be handed to a later test: a job or a message of their app was still being handled when it stopped. */
const unsettled = new WeakSet<Database>();

/**
 * A fresh database per call. Closing it keeps it as the spare of the next call (a test that opens a
 * second app while the first is open gets a database of its own); `closeSpareDatabase` ends the last one.
 * A database marked unsettled (its app's job workers or engine were still at work after the stop, and
 * could write into the next test's rows) is closed for good instead.
 */
async function freshDatabase(): Promise<Database> {
  let database: Database;
  if (spare) {
    database = spare;
    spare = undefined;
    await emptyDatabase(database);
  } else {
    database = await newDatabase();
  }
  let closed = false;
  const handed: Database = {
    ...database,
    close: async () => {
      if (closed) return;
      closed = true;
      if (spare || unsettled.has(handed)) await database.close();
      else spare = database;
    },
  };
  return handed;
}

/** Closes the database kept for the next test (after the last test of a file). */
export async function closeSpareDatabase(): Promise<void> {
  const last = spare;
  spare = undefined;
  await last?.close();
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: "test",
    port: 0,
    host: "127.0.0.1",
    dataDir: os.tmpdir(),
    databaseUrl: undefined,
    jwtSecret: "test-access-secret-that-is-long-enough-0123456789",
    jwtRefreshSecret: "test-refresh-secret-that-is-long-enough-0123456789",
    adminEmail: "admin@conversa.local",
    adminPassword: undefined,
    logLevel: "silent",
    accessTokenTtl: "15m",
    refreshTokenTtl: "7d",
    webDist: undefined,
    simulator: true,
    redisUrl: undefined,
    metricsToken: undefined,
    redisPrefix: "conversa-test",
    trustProxy: false,
    smtpUrl: undefined,
    mailFrom: "Conversa <no-reply@conversa.test>",
    publicUrl: undefined,
    corsOrigins: [],
    refreshCookieSameSite: "strict",
    billing: {
      provider: "simulator",
      webhookSecret: "test-payment-webhook-secret-long-enough-0123456789",
      pixKey: "pagamentos@conversa.test",
      merchantName: "Conversa",
      merchantCity: "Sao Paulo",
      invoiceLeadDays: 10,
      efi: undefined,
    },
    dataEncryptionKey: "test-data-encryption-key-that-is-long-enough-0123",
    openAiBaseUrl: "http://127.0.0.1:9/v1",
    // Nothing listens there: a test reaches the Graph API only through a fake it starts (test/fake-graph.ts).
    whatsappCloudApiUrl: "http://127.0.0.1:9/v23.0",
    botTimeoutMs: 5000,
    botConcurrency: 16,
    egressAllow: NO_EXCEPTIONS,
    speechBaseUrl: undefined,
    dialogflowApiUrl: "http://127.0.0.1:9",
    dialogflowTokenUrl: "http://127.0.0.1:9/token",
    ...overrides,
  };
}

export interface TestAppOptions {
  /** Start the job queue, its workers and the channel sessions (engine tests). */
  start?: boolean;
  /** Where the app's logger writes, at the config's `logLevel` (silent by default): the process's logger with its redaction. */
  logDestination?: DestinationStream;
  /** Run on this database instead of a fresh one; it is closed with the app. */
  database?: Database;
  /** The platform's logger instead of a silent one (tests that check what was logged). */
  logger?: FastifyBaseLogger;
  /** How the outbound policy resolves host names (a test makes a name resolve to loopback). */
  egressLookup?: LookupAddresses;
}

/** Builds the whole app on a fresh database, with a recorder of the domain events it publishes. */
export async function buildTestApp(overrides: Partial<Config> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const database = options.database ?? (await freshDatabase());
  const events = new DomainEvents((error) => {
    throw error;
  });
  const published: DomainEvent[] = [];
  events.subscribe((event) => published.push(event));
  const logger = options.logger ?? createLogger(config.logLevel, options.logDestination);
  // Each app its own mail folder, created only when a message is written.
  const mailDir = path.join(os.tmpdir(), `conversa-mail-${process.pid}-${mailDirCounter++}`);
  const platform = createPlatform(config, database, logger, events, { mailer: createMailer(config, logger, mailDir), egressLookup: options.egressLookup });
  const app = await buildApp(platform);
  await app.ready();
  if (options.start) await platform.start();
  return {
    app,
    platform,
    database,
    db: database.db,
    published,
    mailDir,
    close: async () => {
      await app.close();
      await platform.stop();
      if (!platform.jobs.idle || !platform.engine.idle) unsettled.add(database);
      await database.close();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}
