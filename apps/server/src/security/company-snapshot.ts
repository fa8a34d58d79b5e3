import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client.ts";

const ZRows = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });

async function rowsOf(db: Db, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  return ZRows.parse(await db.execute(query)).rows;
}

/** Every table of the public schema with a company_id column, read from the database itself. */
export async function companyOwnedTables(db: Db): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`select table_name from information_schema.columns where table_schema = 'public' and column_name = 'company_id' order by table_name`,
  );
  return rows.map((row) => z.string().parse(row.table_name));
}

/** A hash per table of every row of one company (and its companies row), in a stable order. */
export async function snapshotCompany(db: Db, companyId: number): Promise<Record<string, string>> {
  const snapshot: Record<string, string> = {};
  const hash = (rows: unknown[]) => createHash("sha256").update(JSON.stringify(rows)).digest("hex");
  snapshot.companies = hash(await rowsOf(db, sql`select * from companies c where c.id = ${companyId}`));
  for (const table of await companyOwnedTables(db)) {
    // Sign-ins and failed attempts on the company's accounts are its security events, whoever tries: not a change of its data.
    const events = table === "audit_logs" ? sql` and t.action not like 'auth.%'` : sql``;
    const rows = await rowsOf(db, sql`select * from ${sql.identifier(table)} t where t.company_id = ${companyId}${events} order by t::text`);
    snapshot[table] = `${rows.length}:${hash(rows)}`;
  }
  return snapshot;
}

/**
 * Rows that point, through a foreign key, at a row of another company: every foreign key between two
 * company-owned tables is checked, so a record of one company never references another's.
 */
export async function crossCompanyReferences(db: Db): Promise<string[]> {
  const keys = await rowsOf(
    db,
    sql`select kcu.table_name as "from", kcu.column_name as "column", ccu.table_name as "to", ccu.column_name as "toColumn"
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = 'public'`,
  );
  const owned = new Set(await companyOwnedTables(db));
  const found: string[] = [];
  for (const key of keys) {
    const { from, column, to, toColumn } = z.object({ from: z.string(), column: z.string(), to: z.string(), toColumn: z.string() }).parse(key);
    if (!owned.has(from) || !owned.has(to) || column === "company_id") continue;
    const rows = await rowsOf(
      db,
      sql`select count(*)::int as n from ${sql.identifier(from)} f join ${sql.identifier(to)} r on f.${sql.identifier(column)} = r.${sql.identifier(toColumn)} where f.company_id <> r.company_id`,
    );
    const count = z.number().parse(rows[0]?.n);
    if (count > 0) found.push(`${from}.${column} → ${to}: ${count} row(s)`);
  }
  return found;
}
