/**
 * The real server (`src/main.ts`, run from the sources with tsx) in a child process of its own, on a
 * database that outlives it: a PGlite data directory, or a PostgreSQL database made for the caller.
 * Tests kill it (SIGKILL: no shutdown code runs) and start it again on the same data.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { type Database, openDatabase } from "../src/db/client.ts";
import { createPostgresTestDatabase } from "./build-test-app.ts";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const MAIN = path.join(REPO_ROOT, "apps/server/src/main.ts");
/** What main.ts prints once it listens and its job workers and channel sessions have started. */
const READY_LINE = "Conversa is running at";
const OUTPUT_KEPT = 64 * 1024;

export const SERVER_ADMIN = { email: "admin@faults.test", password: "Faults-admin-1" } as const;

/** Where a server process keeps its data across restarts. */
export interface ServerData {
  kind: "pglite" | "postgres";
  /** DATA_DIR: the PGlite database (under `pglite/`), the media files and nothing else. */
  dataDir: string;
  /** DATABASE_URL on PostgreSQL. */
  databaseUrl?: string;
  /**
   * Reads the database as a server started now would find it (call it while no server process runs),
   * and leaves it so: PGlite opens a copy of the data directory (opening the directory itself would run
   * its crash recovery here, not in the server).
   */
  inspect<T>(read: (db: Database["db"]) => Promise<T>): Promise<T>;
  /**
   * Changes the database between two processes. Only after `stop` (a graceful end): PGlite opens the
   * data directory itself, which after a kill would run its crash recovery here.
   */
  update<T>(write: (db: Database["db"]) => Promise<T>): Promise<T>;
  /** Removes the data directory and drops the database. */
  dispose(): Promise<void>;
}

/** Whether the PostgreSQL of TEST_DATABASE_URL answers; the reason when it does not. */
export async function postgresUnavailable(): Promise<string | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return "TEST_DATABASE_URL is not set";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return `no PostgreSQL answers at TEST_DATABASE_URL (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function readDatabase<T>(database: Database, read: (db: Database["db"]) => Promise<T>): Promise<T> {
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

/**
 * A data directory, and on the server-postgres project a database of its own copied from the migrated
 * template (named like build-test-app's, so the run's teardown drops it even if this test does not).
 */
export async function createServerData(): Promise<ServerData> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "conversa-server-"));
  if (process.env.TEST_DB !== "postgres") {
    return {
      kind: "pglite",
      dataDir,
      inspect: async (read) => {
        const copy = mkdtempSync(path.join(os.tmpdir(), "conversa-inspect-"));
        try {
          cpSync(path.join(dataDir, "pglite"), copy, { recursive: true });
          return await readDatabase(await openDatabase({ dataDir: copy }), read);
        } finally {
          rmSync(copy, { recursive: true, force: true });
        }
      },
      update: async (write) => readDatabase(await openDatabase({ dataDir: path.join(dataDir, "pglite") }), write),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await createPostgresTestDatabase();
  return {
    kind: "postgres",
    dataDir,
    databaseUrl: database.url,
    inspect: async (read) => readDatabase(await openDatabase({ url: database.url }), read),
    update: async (write) => readDatabase(await openDatabase({ url: database.url }), write),
    dispose: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of the child: a production server with the simulator on, and nothing inherited but the basics. */
function serverEnv(data: ServerData, port: number, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: os.tmpdir(),
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: data.dataDir,
    JWT_SECRET: "faults-test-access-secret-0123456789-abcdefghij",
    JWT_REFRESH_SECRET: "faults-test-refresh-secret-0123456789-abcdefghij",
    DATA_ENCRYPTION_KEY: "faults-test-data-encryption-key-0123456789-abcdef",
    PAYMENT_WEBHOOK_SECRET: "faults-test-payment-webhook-secret-0123456789-abc",
    SIMULATOR: "on",
    ADMIN_EMAIL: SERVER_ADMIN.email,
    ADMIN_PASSWORD: SERVER_ADMIN.password,
    LOG_LEVEL: "warn",
  };
  if (data.databaseUrl) env.DATABASE_URL = data.databaseUrl;
  return { ...env, ...extra };
}

/** How a server process ended: its exit code, or the signal that ended it. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One server process on `data`; `restart` starts the next one on the same data. */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<ProcessExit> = Promise.resolve({ code: null, signal: null });
  private log = "";
  /** http://127.0.0.1:port of the process running now. */
  base = "";
  /** Processes started so far. */
  starts = 0;

  private constructor(
    readonly data: ServerData,
    /** Variables of the environment added to (or replacing) the defaults, e.g. REDIS_URL. */
    private readonly extraEnv: Record<string, string>,
  ) {}

  /** Starts a server on `data` and answers once it is ready. */
  static async start(data: ServerData, timeoutMs = 90_000, env: Record<string, string> = {}): Promise<ServerProcess> {
    const server = new ServerProcess(data, env);
    await server.spawn(timeoutMs);
    return server;
  }

  /** The last output of the processes (stdout and stderr), for failure messages. */
  output(): string {
    return this.log;
  }

  private record(chunk: Buffer): void {
    this.log = (this.log + chunk.toString("utf8")).slice(-OUTPUT_KEPT);
  }

  private async spawn(timeoutMs: number): Promise<void> {
    if (this.child) throw new Error("a server process is already running");
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", MAIN], { cwd: REPO_ROOT, env: serverEnv(this.data, port, this.extraEnv), stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    this.starts += 1;
    this.log += `\n--- server process ${this.starts} (pid ${child.pid}) ---\n`;
    // A test run that ends abruptly must not leave the server behind.
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit);
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    void this.exited.then(() => {
      process.removeListener("exit", killOnExit);
      if (this.child === child) this.child = undefined;
    });
    await new Promise<void>((resolve, reject) => {
      let seen = "";
      const timer = setTimeout(() => fail(new Error(`the server was not ready in ${timeoutMs} ms`)), timeoutMs);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(new Error(`${error.message}\n${this.log}`));
      };
      child.stdout?.on("data", (chunk: Buffer) => {
        this.record(chunk);
        seen = (seen + chunk.toString("utf8")).slice(-4096);
        if (seen.includes(READY_LINE)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.stderr?.on("data", (chunk: Buffer) => this.record(chunk));
      child.once("exit", (code, signal) => fail(new Error(`the server exited before it was ready (code ${code}, signal ${signal})`)));
    });
    this.base = `http://127.0.0.1:${port}`;
  }

  /** Sends `signal` to the running process and waits until it has exited. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    await this.signal(signal);
  }

  /** Sends `signal` to the running process and answers how it ended, once it has. */
  async signal(signal: NodeJS.Signals): Promise<ProcessExit> {
    const child = this.child;
    if (!child) return { code: null, signal: null };
    child.kill(signal);
    return this.exited;
  }

  /** Starts a new process on the same data (after `kill`). */
  async restart(timeoutMs = 90_000): Promise<void> {
    if (this.child) throw new Error("kill the running server before restarting it");
    await this.spawn(timeoutMs);
  }

  /** Stops the process as an operator would (SIGTERM: graceful shutdown), then SIGKILL if it hangs. */
  async stop(timeoutMs = 20_000): Promise<void> {
    const child = this.child;
    if (!child) return;
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.kill("SIGTERM");
    await this.exited;
    clearTimeout(timer);
  }
}
