import { setTimeout as sleep } from "node:timers/promises";
import { PgBoss, fromPglite } from "pg-boss";
import type { z } from "zod";
import type { Database } from "../db/client.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";

/** A durable job: a name (`area.action`), a zod schema for its payload, and its retry policy. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  schema: S;
  retryLimit?: number;
  /** Seconds before the first retry; doubled on every retry when `backoff` is on. */
  retryDelay?: number;
  backoff?: boolean;
  /** Longest wait between two retries, in seconds. */
  retryDelayMax?: number;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface SendOptions {
  /** Run no earlier than this. */
  startAfter?: Date;
  /** At most one queued job per key (e.g. one expiry timer per ticket). */
  singletonKey?: string;
}

export type JobLogger = { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * How long a job whose handler failed because the database could not be reached waits for it, to run
 * again then. Well under pg-boss's 15-minute expiry, after which the job would be handed out again.
 */
export const DATABASE_WAIT_MS = 5 * 60_000;
const DATABASE_PROBE_MAX_MS = 5_000;

/**
 * The durable job queue (pg-boss) on the product's own database: PGlite through pg-boss's adapter,
 * or the PostgreSQL server. Jobs survive restarts; handlers must be idempotent.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly created = new Set<string>();
  private started = false;
  private readonly embedded: boolean;
  /** Aborted by stop(): handlers waiting for the database give up. */
  private stopping = new AbortController();

  constructor(database: Database, private readonly log: JobLogger) {
    this.embedded = database.kind === "pglite";
    if (database.kind === "pglite" && database.pglite) {
      this.boss = new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", supervise: true, schedule: false });
    } else if (database.connectionString) {
      this.boss = new PgBoss({ connectionString: database.connectionString, max: 4, schedule: false });
    } else {
      throw new Error("job queue needs PGlite or a PostgreSQL connection string");
    }
    this.boss.on("error", (error: unknown) => this.log.error({ err: error }, "job queue error"));
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.stopping = new AbortController();
    await this.boss.start();
    this.started = true;
  }

  private async ensureQueue(definition: JobDefinition<z.ZodType>): Promise<void> {
    if (this.created.has(definition.name)) return;
    await this.boss.createQueue(definition.name, {
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelay ?? 2,
      retryBackoff: definition.backoff ?? true,
      ...(definition.retryDelayMax ? { retryDelayMax: definition.retryDelayMax } : {}),
    });
    this.created.add(definition.name);
  }

  /** Queues a job; answers its id (null when a singleton of the same key is already queued). */
  async send<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.input<S>, options: SendOptions = {}): Promise<string | null> {
    await this.ensureQueue(definition);
    const data = definition.schema.parse(payload);
    return this.boss.send(definition.name, data as object, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    });
  }

  /** Cancels a queued job by id (e.g. a rescheduled timer). */
  async cancel(definition: JobDefinition<z.ZodType>, id: string): Promise<void> {
    await this.boss.cancel(definition.name, id);
  }

  /** Jobs of this definition sent with this `singletonKey` that have not finished (queued, retrying or running). */
  async unfinishedByKey(definition: JobDefinition<z.ZodType>, key: string): Promise<{ id: string; data: unknown }[]> {
    await this.ensureQueue(definition);
    const jobs = await this.boss.findJobs(definition.name, { key });
    return jobs.filter((job) => job.state === "created" || job.state === "retry" || job.state === "active").map((job) => ({ id: job.id, data: job.data }));
  }

  /** Cancels the queued jobs of this definition sent with this `singletonKey` (e.g. a moved or deleted timer). */
  async cancelByKey(definition: JobDefinition<z.ZodType>, key: string): Promise<void> {
    await this.ensureQueue(definition);
    const queued = await this.boss.findJobs(definition.name, { key, queued: true });
    if (queued.length > 0) await this.boss.cancel(definition.name, queued.map((job) => job.id));
  }

  /** Runs the handler for every job of this definition; a thrown error retries the job per its policy. */
  async work<S extends z.ZodType>(
    definition: JobDefinition<S>,
    handler: (payload: z.output<S>, job: { id: string; retryCount: number }) => Promise<void>,
    options: { pollingIntervalSeconds?: number; batchSize?: number } = {},
  ): Promise<void> {
    await this.ensureQueue(definition);
    await this.boss.work(
      definition.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: options.batchSize ?? 1, includeMetadata: true },
      async (jobs) => {
        for (const job of jobs) {
          const parsed = definition.schema.safeParse(job.data);
          if (!parsed.success) {
            // A payload that cannot be parsed will never succeed: log it and drop it instead of retrying forever.
            this.log.warn({ job: definition.name, id: job.id, issues: parsed.error.issues }, "job payload rejected");
            continue;
          }
          await this.runWhenDatabaseAnswers(definition.name, job.id, () => handler(parsed.data, { id: job.id, retryCount: job.retryCount }));
        }
      },
    );
  }

  /**
   * Runs a handler; when it fails because the database cannot be reached, waits for the database and
   * runs it again (handlers are idempotent). Thrown as a failure, the job could not even be marked
   * failed during the outage, and would stay claimed until pg-boss's expiry: a send in flight when the
   * database dropped would show its clock for 15 minutes.
   */
  private async runWhenDatabaseAnswers(name: string, id: string, run: () => Promise<void>): Promise<void> {
    const deadline = Date.now() + DATABASE_WAIT_MS;
    for (;;) {
      try {
        await run();
        return;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || this.stopping.signal.aborted || Date.now() >= deadline) throw error;
        this.log.warn({ job: name, id, err: error }, "job waits for the database");
        if (!(await this.waitForDatabase(deadline))) throw error;
      }
    }
  }

  /** Probes the database with a growing pause until it answers; false when stopped or out of time first. */
  private async waitForDatabase(deadline: number): Promise<boolean> {
    const { signal } = this.stopping;
    for (let attempt = 0; Date.now() < deadline && !signal.aborted; attempt++) {
      try {
        await sleep(Math.min(250 * 2 ** attempt, DATABASE_PROBE_MAX_MS), undefined, { signal });
        await this.boss.getDb().executeSql("select 1");
        return true;
      } catch {
        // Still down, or stopping: the loop's condition decides.
      }
    }
    return false;
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping.abort();
    // PGlite is closed by its owner, not by the queue.
    await this.boss.stop({ graceful: true, timeout: 10_000, close: !this.embedded });
  }
}
