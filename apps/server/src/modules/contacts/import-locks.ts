import type pg from "pg";

/** Ends a hold on a company's import slot. */
export type ReleaseImport = () => Promise<void>;

/**
 * One running contact import per company, across every server process: a company cannot take every
 * import slot, and a second import of the same company is refused (ERR_IMPORT_BUSY) rather than queued.
 */
export interface ImportLocks {
  /** Takes the company's import slot; undefined when one of its imports is running (here or in another process). */
  tryAcquire(companyId: number): Promise<ReleaseImport | undefined>;
}

/** The embedded database serves one process: the slots held here are all of them. */
export class LocalImportLocks implements ImportLocks {
  private readonly held = new Set<number>();

  async tryAcquire(companyId: number): Promise<ReleaseImport | undefined> {
    if (this.held.has(companyId)) return undefined;
    this.held.add(companyId);
    return async () => {
      this.held.delete(companyId);
    };
  }
}

/** Apart from the session locks' namespace (channels/session-locks.ts). */
const IMPORT_LOCK_NAMESPACE = 7_270_003;

/**
 * PostgreSQL session-level advisory locks, each on a pooled client checked out for the import: a process that
 * dies (or whose client drops) releases the lock with its connection, so a slot is never held by nobody.
 */
export class PgImportLocks implements ImportLocks {
  constructor(private readonly pool: pg.Pool) {}

  async tryAcquire(companyId: number): Promise<ReleaseImport | undefined> {
    const client = await this.pool.connect();
    let locked = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>("select pg_try_advisory_lock($1, $2) as locked", [IMPORT_LOCK_NAMESPACE, companyId]);
      locked = rows[0]?.locked === true;
    } catch (error) {
      client.release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
    if (!locked) {
      client.release();
      return undefined;
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      try {
        await client.query("select pg_advisory_unlock($1, $2)", [IMPORT_LOCK_NAMESPACE, companyId]);
        client.release();
      } catch (error) {
        // The client is discarded, and the server releases its locks with it.
        client.release(error instanceof Error ? error : new Error(String(error)));
      }
    };
  }
}
