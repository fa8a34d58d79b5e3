import type { Db } from "./client.ts";

/**
 * A query of fixed shape prepared once per database handle: its SQL is built once (not on every call),
 * and on PostgreSQL it is a named statement, parsed once per connection. For the hot reads only: a
 * query whose conditions vary with the request cannot be prepared.
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const byDb = new WeakMap<Db, T>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = prepare(db);
      byDb.set(db, query);
    }
    return query;
  };
}
