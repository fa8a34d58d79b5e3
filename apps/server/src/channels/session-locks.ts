import type pg from "pg";

/** Decides which process drives a connection's session: one process per connection at a time. */
export interface SessionLocks {
  acquire(connectionId: number): Promise<boolean>;
  release(connectionId: number): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database serves one process: every session is ours. */
export class LocalSessionLocks implements SessionLocks {
  async acquire(): Promise<boolean> {
    return true;
  }
  async release(): Promise<void> {}
  async close(): Promise<void> {}
}

const LOCK_NAMESPACE = 7_270_002;

/**
 * PostgreSQL session-level advisory locks held on one dedicated client: a process that dies releases
 * its locks with its connection, and another process can take the sessions over.
 */
export class PgSessionLocks implements SessionLocks {
  private client: pg.PoolClient | undefined;

  constructor(private readonly pool: pg.Pool) {}

  private async lockClient(): Promise<pg.PoolClient> {
    this.client ??= await this.pool.connect();
    return this.client;
  }

  async acquire(connectionId: number): Promise<boolean> {
    const client = await this.lockClient();
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [LOCK_NAMESPACE, connectionId]);
    return rows[0]?.locked === true;
  }

  async release(connectionId: number): Promise<void> {
    if (!this.client) return;
    await this.client.query("select pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, connectionId]);
  }

  /** Ends the lock connection itself: returned to the pool it would keep holding its session's locks. */
  async close(): Promise<void> {
    this.client?.release(true);
    this.client = undefined;
  }
}
