import pg from "pg";
import { vi } from "vitest";
import type { TestApp } from "./build-test-app.ts";

/** The statements the database client was sent while `run` ran (PGlite's calls, or node-postgres's on PostgreSQL). */
export async function statementsOf(t: TestApp, run: () => Promise<unknown>): Promise<number> {
  const spies = t.database.pglite
    ? [vi.spyOn(t.database.pglite, "query"), vi.spyOn(t.database.pglite, "exec"), vi.spyOn(t.database.pglite, "transaction")]
    : [vi.spyOn(pg.Client.prototype, "query")];
  try {
    await run();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
