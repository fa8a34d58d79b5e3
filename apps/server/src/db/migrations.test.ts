import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

const journalPath = path.join(migrationsFolder(), "meta", "_journal.json");
const journal = JSON.parse(readFileSync(journalPath, "utf8")) as Journal;

/** The columns of the public schema, as `table.column type nullability default`, sorted. */
async function columnsOf(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ line: string }>(
    `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as line
       from information_schema.columns where table_schema = 'public' order by 1`,
  );
  return rows.map((row) => row.line);
}

describe("migrations", () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  it("lists every SQL file once, in order, with strictly increasing times (the migrator applies only migrations newer than the last applied)", () => {
    const files = readdirSync(migrationsFolder()).filter((name) => name.endsWith(".sql"));
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files.sort());
    journal.entries.forEach((entry, index) => {
      expect(entry.idx).toBe(index);
      if (index > 0) expect(entry.when, `${entry.tag} must be newer than ${journal.entries[index - 1]!.tag}`).toBeGreaterThan(journal.entries[index - 1]!.when);
    });
  });

  it("brings a database migrated by an earlier release to the same schema as a fresh one", async () => {
    const fresh = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    await migrate(drizzle(fresh), { migrationsFolder: migrationsFolder() });
    const expected = await columnsOf(fresh);
    await fresh.close();

    // A database left by an earlier release (three migrations behind), upgraded by this one.
    for (const kept of [journal.entries.length - 3]) {
      const earlier = mkdtempSync(path.join(os.tmpdir(), "conversa-migrations-"));
      folders.push(earlier);
      cpSync(migrationsFolder(), earlier, { recursive: true });
      writeFileSync(path.join(earlier, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, kept) }));
      const upgraded = await PGlite.create({ extensions: { pg_trgm, unaccent } });
      await migrate(drizzle(upgraded), { migrationsFolder: earlier });
      await migrate(drizzle(upgraded), { migrationsFolder: migrationsFolder() });
      expect(await columnsOf(upgraded), `upgraded from ${journal.entries[kept - 1]!.tag}`).toEqual(expected);
      await upgraded.close();
    }
  });
});
