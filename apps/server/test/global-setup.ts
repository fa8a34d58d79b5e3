import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** File holding a dump of a migrated PGlite data directory. */
    pgliteTemplate: string;
    /** Name of a migrated template database on TEST_DATABASE_URL's server, or "" when none. */
    pgTemplate: string;
  }
}

/**
 * Migrates once per run and shares the result: a PGlite dump that every test file loads,
 * and, on a PostgreSQL server, a template database that every test file copies.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "conversa-test-"));
  const dumpFile = path.join(dir, "template.tar");
  const database = await openDatabase({ dataDir: "memory://" });
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir("none");
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("pgliteTemplate", dumpFile);

  const url = process.env.TEST_DATABASE_URL;
  let templateName = "";
  if (url && project.name === "server-postgres") {
    templateName = `conversa_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${templateName}`);
    await admin.query(`create database ${templateName}`);
    await admin.end();
    const tplUrl = new URL(url);
    tplUrl.pathname = `/${templateName}`;
    const tpl = await openDatabase({ url: tplUrl.toString() });
    await tpl.migrate();
    await tpl.close();
  }
  project.provide("pgTemplate", templateName);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (templateName && url) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`conversa_t_${process.pid}_%`]);
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${templateName} with (force)`);
      await admin.end();
    }
  };
}
