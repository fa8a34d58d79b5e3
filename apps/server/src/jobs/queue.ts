import { setTimeout as sleep } from "node:timers/promises";
import { type SQL, sql } from "drizzle-orm";
import { PgBoss, fromPglite } from "pg-boss";
import type { z } from "zod";
import type { Database, Db } from "../db/client.ts";
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
  /**
   * A running job tells the queue it is alive this often (every half of it); a job silent for longer
   * is taken as lost with its process (killed, crashed) and retried. Default `DEFAULT_HEARTBEAT_SECONDS`.
   */
  heartbeatSeconds?: number;
  /**
   * `ordered`: the jobs of one `singletonKey` (required on every send) run one at a time, oldest first,
   * and a job waiting for its retry holds back the ones after it; different keys run side by side.
   * Fixed when the queue is created: a queue that must change it needs a new name.
   */
  ordering?: "ordered";
}

/** Heartbeat of a running job; a job of a dead process is retried this long after its last sign of life. */
export const DEFAULT_HEARTBEAT_SECONDS = 15;
/**
 * How long stop() lets running jobs finish; those still running then are handed back to the queue
 * (failed, so retried by the next process: handlers are idempotent).
 */
export const STOP_GRACE_MS = 3_000;
/** How often the queue looks for jobs whose process died (and expired ones), in seconds. */
export const DEFAULT_SUPERVISE_SECONDS = 10;

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

export interface SendOptions {
  /** Run no earlier than this. */
  startAfter?: Date;
  /** At most one queued job per key (e.g. one expiry timer per ticket). */
  singletonKey?: string;
  /**
   * Queue the job through this transaction: it exists exactly when the transaction commits, so a crash
   * can never leave the transaction's rows without their job. Call `prepare` before opening it.
   */
  tx?: Db;
}

/** The rows of a raw query result: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf(result: unknown): unknown[] {
  if (Array.isArray(result)) return result;
  if (typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) return result.rows;
  throw new Error("the database answered a query without rows");
}

/**
 * pg-boss's executor (`executeSql(text, values)` with `$1`-style placeholders) over a Drizzle
 * transaction: the text between placeholders goes in as raw SQL, each value as a bound parameter.
 */
export function transactionExecutor(tx: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values = []) {
      const chunks: SQL[] = [];
      let last = 0;
      for (const match of text.matchAll(/\$(\d+)/g)) {
        const index = Number(match[1]) - 1;
        if (index < 0 || index >= values.length) throw new Error(`placeholder ${match[0]} has no value`);
        chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[index]}`);
        last = match.index + match[0].length;
      }
      chunks.push(sql.raw(text.slice(last)));
      return { rows: rowsOf(await tx.execute(sql.join(chunks))) };
    },
  };
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
  /** Queues whose definition pg-boss has cached, so that a send inside a transaction reads nothing outside it. */
  private readonly prepared = new Set<string>();
  private started = false;
  /** Batches of jobs whose handler is running now. */
  private active = 0;
  private readonly embedded: boolean;
  /** Aborted by stop(): handlers waiting for the database give up. */
  private stopping = new AbortController();
  private readonly failureListeners: ((job: string) => void)[] = [];

  constructor(database: Database, private readonly log: JobLogger, options: { superviseSeconds?: number } = {}) {
    this.embedded = database.kind === "pglite";
    // Supervision retries the jobs of a process that died (their heartbeat stopped): without it they stay
    // claimed until they expire, a quarter of an hour later.
    const supervision = {
      supervise: true,
      superviseIntervalSeconds: options.superviseSeconds ?? DEFAULT_SUPERVISE_SECONDS,
      monitorIntervalSeconds: options.superviseSeconds ?? DEFAULT_SUPERVISE_SECONDS,
    };
    // A job queued wakes the workers of its queue at once (NOTIFY, sent when the queuing transaction commits),
    // in every process, instead of waiting for their next poll; polling stays, at the same pace, for jobs
    // that come due later (startAfter, retries) and for a notification lost while the listener reconnects.
    const wake = { useListenNotify: true };
    if (database.kind === "pglite" && database.pglite) {
      this.boss = new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", schedule: false, ...supervision, ...wake });
    } else if (database.connectionString) {
      this.boss = new PgBoss({ connectionString: database.connectionString, max: 4, schedule: false, ...supervision, ...wake });
    } else {
      throw new Error("job queue needs PGlite or a PostgreSQL connection string");
    }
    this.boss.on("error", (error: unknown) => this.log.error({ err: error }, "job queue error"));
    this.boss.on("warning", (warning: { message: string; data?: { type?: string } }) => {
      if (warning.data?.type === "listen_notify_unavailable") this.log.warn({ detail: warning.message }, "job queue: workers poll only");
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.stopping = new AbortController();
    await this.boss.start();
    this.started = true;
  }

  /** Creates the queue, or brings an existing one (made by an earlier version) to the definition's policy. */
  private async ensureQueue(definition: JobDefinition<z.ZodType>): Promise<void> {
    if (this.created.has(definition.name)) return;
    const policy = {
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelay ?? 2,
      retryBackoff: definition.backoff ?? true,
      ...(definition.retryDelayMax ? { retryDelayMax: definition.retryDelayMax } : {}),
      heartbeatSeconds: definition.heartbeatSeconds ?? DEFAULT_HEARTBEAT_SECONDS,
      notify: true,
    };
    await this.boss.createQueue(definition.name, { ...policy, ...(definition.ordering === "ordered" ? { policy: "key_strict_fifo" as const } : {}) });
    // Creating leaves an existing queue as it was.
    await this.boss.updateQueue(definition.name, policy);
    this.created.add(definition.name);
  }

  /**
   * Makes the queue ready for sends inside a transaction (`SendOptions.tx`): creates it and has pg-boss
   * cache its definition, both through the queue's own connection. Call it before the transaction opens:
   * on PGlite the transaction holds the only connection, so either read inside it would wait forever.
   */
  async prepare(definition: JobDefinition<z.ZodType>): Promise<void> {
    if (this.prepared.has(definition.name)) return;
    await this.ensureQueue(definition);
    // Any call that names the queue fills pg-boss's cache of queue definitions; this one reads one index entry.
    await this.boss.getJobById(definition.name, "00000000-0000-0000-0000-000000000000");
    this.prepared.add(definition.name);
  }

  /**
   * Queues a job; answers its id (null when a singleton of the same key is already queued). With `tx`
   * the job is inserted through that transaction; throws when the queue was not prepared first.
   */
  async send<S extends z.ZodType>(definition: JobDefinition<S>, payload: z.input<S>, options: SendOptions = {}): Promise<string | null> {
    if (options.tx && !this.prepared.has(definition.name)) throw new Error(`job queue: prepare ${definition.name} before sending inside a transaction`);
    if (definition.ordering === "ordered" && !options.singletonKey) throw new Error(`job queue: ${definition.name} is ordered and needs a singletonKey`);
    await this.ensureQueue(definition);
    const data = definition.schema.parse(payload);
    return this.boss.send(definition.name, data as object, {
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.tx ? { db: transactionExecutor(options.tx) } : {}),
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

  /** Every job of this definition waiting to run (queued, or waiting for a retry): one query, whatever their keys. */
  async queued(definition: JobDefinition<z.ZodType>): Promise<{ id: string; data: unknown }[]> {
    await this.ensureQueue(definition);
    const jobs = await this.boss.findJobs(definition.name, { queued: true });
    return jobs.map((job) => ({ id: job.id, data: job.data }));
  }

  /** The jobs of this definition sent with this `singletonKey` that wait to run (queued, or waiting for a retry). */
  async queuedByKey(definition: JobDefinition<z.ZodType>, key: string): Promise<{ id: string; data: unknown }[]> {
    await this.ensureQueue(definition);
    const jobs = await this.boss.findJobs(definition.name, { key, queued: true });
    return jobs.map((job) => ({ id: job.id, data: job.data }));
  }

  /** Marks jobs that wait to run as done without running them: their work was done by another job. */
  async completeQueued(definition: JobDefinition<z.ZodType>, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.boss.complete(definition.name, ids, undefined, { includeQueued: true });
  }

  /** Cancels the queued jobs of this definition sent with this `singletonKey` (e.g. a moved or deleted timer). */
  async cancelByKey(definition: JobDefinition<z.ZodType>, key: string): Promise<void> {
    await this.ensureQueue(definition);
    const queued = await this.boss.findJobs(definition.name, { key, queued: true });
    if (queued.length > 0) await this.boss.cancel(definition.name, queued.map((job) => job.id));
  }

  /** Registers a listener of failed job attempts (the job's name), for the metrics. */
  onFailure(listener: (job: string) => void): void {
    this.failureListeners.push(listener);
  }

  /** Runs the handler for every job of this definition; a thrown error retries the job per its policy. */
  async work<S extends z.ZodType>(
    definition: JobDefinition<S>,
    handler: (payload: z.output<S>, job: { id: string; retryCount: number }) => Promise<void>,
    /** `concurrency`: jobs of this definition this process runs side by side (one each, so one's failure retries only itself). */
    options: { pollingIntervalSeconds?: number; batchSize?: number; concurrency?: number } = {},
  ): Promise<void> {
    await this.ensureQueue(definition);
    await this.boss.work(
      definition.name,
      {
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        // Woken by NOTIFY when a job is queued, the worker still polls as often for the jobs that come due later.
        notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
        batchSize: options.batchSize ?? 1,
        ...(options.concurrency ? { localConcurrency: options.concurrency } : {}),
        includeMetadata: true,
      },
      async (jobs) => {
        this.active += 1;
        try {
          await this.runBatch(definition, handler, jobs);
        } finally {
          this.active -= 1;
        }
      },
    );
  }

  /** No handler is running: after stop(), none is still winding down past the grace it was given. */
  get idle(): boolean {
    return this.active === 0;
  }

  private async runBatch<S extends z.ZodType>(
    definition: JobDefinition<S>,
    handler: (payload: z.output<S>, job: { id: string; retryCount: number }) => Promise<void>,
    jobs: { id: string; data: unknown; retryCount: number }[],
  ): Promise<void> {
    for (const job of jobs) {
      const parsed = definition.schema.safeParse(job.data);
      if (!parsed.success) {
        // A payload that cannot be parsed will never succeed: log it and drop it instead of retrying forever.
        this.log.warn({ job: definition.name, id: job.id, issues: parsed.error.issues }, "job payload rejected");
        continue;
      }
      try {
        await this.runWhenDatabaseAnswers(definition.name, job.id, () => handler(parsed.data, { id: job.id, retryCount: job.retryCount }));
      } catch (error) {
        for (const listener of this.failureListeners) listener(definition.name);
        throw error;
      }
    }
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

  /** Stops the workers: running jobs get STOP_GRACE_MS to finish, then are handed back to the queue. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping.abort();
    // PGlite is closed by its owner, not by the queue.
    await this.boss.stop({ graceful: true, timeout: STOP_GRACE_MS, close: !this.embedded });
  }
}
