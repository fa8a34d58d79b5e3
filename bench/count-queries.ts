/**
 * Preloaded into a bench's server process (`--import ./bench/count-queries.ts`): counts the statements
 * every node-postgres client sends, by their first words too, and writes the counts as JSON to
 * BENCH_QUERY_COUNT_FILE a few times a second.
 */
import { writeFileSync } from "node:fs";
import pg from "pg";

const file = process.env.BENCH_QUERY_COUNT_FILE;
if (file) {
  let total = 0;
  const byText = new Map<string, number>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    total += 1;
    const first = args[0];
    const text = typeof first === "string" ? first : ((first as { text?: string } | undefined)?.text ?? "");
    const key = text.replace(/\s+/g, " ").trim().slice(0, 90);
    byText.set(key, (byText.get(key) ?? 0) + 1);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  setInterval(() => writeFileSync(file, JSON.stringify({ total, byText: Object.fromEntries(byText) })), 250).unref();
}
