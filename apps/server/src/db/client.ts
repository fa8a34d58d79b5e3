import { fileURLToPath } from "node:url";
import path from "node:path";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The database handle every repository receives: the same API on PGlite and on node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PGlite instance when embedded (used by tests to snapshot a migrated database). */
  pglite?: PGlite;
  /** The node-postgres pool when on a server. */
  pool?: pg.Pool;
  /** The server's connection string (the job queue opens its own pool). */
  connectionString?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** node-postgres connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` for an in-memory database. */
  dataDir?: string;
  /** A dump of a PGlite data directory to start from (tests). */
  loadDataDir?: Blob;
  /** Where a dropped server connection is reported. */
  log?: { warn(obj: object, msg: string): void };
}

/** How long a query waits for a new server connection before it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** The SQL migrations sit beside this module: src/db/migrations in the sources, dist/migrations beside the bundle. */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
}

/** Opens the database: PGlite on a data directory by default, node-postgres when a URL is given. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (options.url) {
    // A server that accepts no connection (starting, or gone from the network) fails a query after
    // CONNECT_TIMEOUT_MS instead of holding the request forever; keepalive notices a silent peer.
    const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    // A dropped connection must not take the process down; the pool replaces it on the next query.
    // The pool listens to its idle clients only: a client checked out (a transaction, the session
    // locks' client) emits its 'error' on itself, and with nobody listening that would end the process.
    // So every client gets a listener of its own for its whole life (it also hears the idle errors).
    pool.on("error", () => undefined);
    pool.on("connect", (client) => client.on("error", (error) => options.log?.warn({ err: error }, "database connection lost")));
    const db = drizzlePg(pool, { schema, casing: "snake_case" });
    return {
      db,
      kind: "postgres",
      pool,
      connectionString: options.url,
      migrate: () => migratePg(db, { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? "memory://";
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, unaccent },
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" });
  return {
    db,
    kind: "pglite",
    pglite: client,
    migrate: () => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}
