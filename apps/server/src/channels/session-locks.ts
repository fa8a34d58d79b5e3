import type pg from "pg";

/** Decides which process drives a connection's session: one process per connection at a time. */
export interface SessionLocks {
  /** Whether other processes share these locks (and may die holding sessions that another must take). */
  readonly shared: boolean;
  acquire(connectionId: number): Promise<boolean>;
  /** Those of these connections whose lock no process holds now. */
  unheld(connectionIds: number[]): Promise<number[]>;
  release(connectionId: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Registers the listener of lost locks: the locks this process held are gone without a release (their
   * database connection dropped, so the server released them), and another process may take them.
   */
  onLost(listener: (connectionIds: number[]) => void): void;
}

/** The embedded database serves one process: every session is ours, and nothing can take one away. */
export class LocalSessionLocks implements SessionLocks {
  readonly shared = false;
  async acquire(): Promise<boolean> {
    return true;
  }
  async unheld(): Promise<number[]> {
    return [];
  }
  async release(): Promise<void> {}
  async close(): Promise<void> {}
  onLost(): void {}
}

const LOCK_NAMESPACE = 7_270_002;
/**
 * The server notices a lock connection whose process vanished without closing it (a machine that lost
 * power or its network) after about idle + interval × count seconds, and releases its locks: without
 * these the operating system's defaults (two hours) apply. A killed process's connection is closed by
 * its kernel, and its locks are released at once.
 */
const LOCK_CONNECTION_KEEPALIVE = { idle: 10, interval: 5, count: 3 } as const;
/** PostgreSQL's SQLSTATE connection_failure, which callers read as "the database cannot be reached". */
const CONNECTION_FAILURE = "08006";

/**
 * PostgreSQL session-level advisory locks held on one dedicated client: a process that dies releases
 * its locks with its connection, and another process can take the sessions over. When that connection
 * drops (the server restarted, the network failed, the backend was terminated) the server has released
 * every lock on it: the locks are reported lost, and the next acquire opens a new connection.
 */
export class PgSessionLocks implements SessionLocks {
  private client: pg.PoolClient | undefined;
  private connecting: Promise<pg.PoolClient> | undefined;
  private readonly held = new Set<number>();
  private readonly lostListeners: ((connectionIds: number[]) => void)[] = [];

  readonly shared = true;

  constructor(private readonly pool: pg.Pool) {}

  onLost(listener: (connectionIds: number[]) => void): void {
    this.lostListeners.push(listener);
  }

  private lockClient(): Promise<pg.PoolClient> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.pool
      .connect()
      .then(async (client) => {
        const onDropped = (error?: Error) => this.dropped(client, error);
        client.on("error", onDropped);
        client.on("end", () => onDropped());
        try {
          const { idle, interval, count } = LOCK_CONNECTION_KEEPALIVE;
          await client.query(`set tcp_keepalives_idle = ${idle}; set tcp_keepalives_interval = ${interval}; set tcp_keepalives_count = ${count}`);
        } catch (error) {
          client.release(error instanceof Error ? error : new Error(String(error)));
          throw error;
        }
        this.client = client;
        return client;
      })
      .finally(() => {
        this.connecting = undefined;
      });
    return this.connecting;
  }

  /** The lock connection is gone, and every lock on it with it. */
  private dropped(client: pg.PoolClient, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    // Released with the error, the pool discards the dead client instead of handing it out again.
    client.release(error ?? new Error("lock connection ended"));
    const lost = [...this.held];
    this.held.clear();
    if (lost.length === 0) return;
    for (const listener of this.lostListeners) listener(lost);
  }

  async acquire(connectionId: number): Promise<boolean> {
    const client = await this.lockClient();
    const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [LOCK_NAMESPACE, connectionId]);
    const locked = rows[0]?.locked === true;
    if (!locked) return false;
    // A second lock of the same key stacks on the server: one release must free it, so undo the extra.
    if (this.held.has(connectionId)) await client.query("select pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, connectionId]);
    // Taken on a connection that dropped meanwhile: the server has already let it go.
    if (this.client !== client) throw Object.assign(new Error("the session lock connection dropped"), { code: CONNECTION_FAILURE });
    this.held.add(connectionId);
    return true;
  }

  async unheld(connectionIds: number[]): Promise<number[]> {
    if (connectionIds.length === 0) return [];
    // Advisory locks of two int keys show as (classid, objid) with objsubid 2, per database.
    const { rows } = await this.pool.query<{ id: number }>(
      `select id from unnest($1::int[]) as id
        where not exists (
          select 1 from pg_locks l
           where l.locktype = 'advisory' and l.granted and l.objsubid = 2
             and l.database = (select oid from pg_database where datname = current_database())
             and l.classid = $2::int::oid and l.objid = id::oid)`,
      [connectionIds, LOCK_NAMESPACE],
    );
    return rows.map((row) => row.id);
  }

  async release(connectionId: number): Promise<void> {
    const client = this.client;
    if (!client || !this.held.delete(connectionId)) return;
    await client.query("select pg_advisory_unlock($1, $2)", [LOCK_NAMESPACE, connectionId]);
  }

  /** Ends the lock connection itself: returned to the pool it would keep holding its session's locks. */
  async close(): Promise<void> {
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    if (!client) return;
    client.release(true);
  }
}
