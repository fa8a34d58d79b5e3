import { and, asc, eq, sql } from "drizzle-orm";
import type { CloudTemplate } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { cloudTemplates, connections } from "../../db/schema/index.ts";

/** A template as read from the Graph API, ready to store. */
export interface TemplateToStore {
  name: string;
  language: string;
  category: string;
  status: string;
  body: string;
  parameterCount: number;
}

const asWire = (row: typeof cloudTemplates.$inferSelect): CloudTemplate => ({
  name: row.name,
  language: row.language,
  category: row.category,
  status: row.status,
  body: row.body,
  parameterCount: row.parameterCount,
  syncedAt: row.syncedAt.toISOString(),
});

/** The synced templates of one connection of a company, by name then language. */
export async function listStoredTemplates(db: Db, companyId: number, connectionId: number): Promise<CloudTemplate[]> {
  const rows = await db
    .select()
    .from(cloudTemplates)
    .where(and(eq(cloudTemplates.companyId, companyId), eq(cloudTemplates.connectionId, connectionId)))
    .orderBy(asc(cloudTemplates.name), asc(cloudTemplates.language));
  return rows.map(asWire);
}

/** One synced template of a connection by name and language, or undefined. */
export async function findStoredTemplate(db: Db, companyId: number, connectionId: number, name: string, language: string): Promise<CloudTemplate | undefined> {
  const [row] = await db
    .select()
    .from(cloudTemplates)
    .where(and(eq(cloudTemplates.companyId, companyId), eq(cloudTemplates.connectionId, connectionId), eq(cloudTemplates.name, name), eq(cloudTemplates.language, language)));
  return row && asWire(row);
}

/**
 * Stores the connection's templates in one transaction: each upserted by (connection, name, language);
 * with `complete` (the whole list was read), the ones Meta no longer lists are removed.
 */
export async function replaceStoredTemplates(db: Db, companyId: number, connectionId: number, templates: TemplateToStore[], syncedAt: Date, complete: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const scope = and(eq(cloudTemplates.companyId, companyId), eq(cloudTemplates.connectionId, connectionId));
    if (!complete && templates.length === 0) return;
    const kept = sql.join(templates.map((t) => sql`(${t.name}::varchar, ${t.language}::varchar)`), sql`, `);
    if (complete) await tx.delete(cloudTemplates).where(templates.length === 0 ? scope : and(scope, sql`(${cloudTemplates.name}, ${cloudTemplates.language}) not in (${kept})`));
    if (templates.length === 0) return;
    await tx
      .insert(cloudTemplates)
      .values(templates.map((t) => ({ companyId, connectionId, ...t, syncedAt })))
      .onConflictDoUpdate({
        target: [cloudTemplates.connectionId, cloudTemplates.name, cloudTemplates.language],
        set: {
          category: sql`excluded.category`,
          status: sql`excluded.status`,
          body: sql`excluded.body`,
          parameterCount: sql`excluded.parameter_count`,
          syncedAt: sql`excluded.synced_at`,
        },
      });
  });
}

/** The provider of a company's connection, or undefined when the company has no such connection. */
export async function connectionProviderOf(db: Db, companyId: number, connectionId: number): Promise<string | undefined> {
  const [row] = await db.select({ provider: connections.provider }).from(connections).where(and(eq(connections.companyId, companyId), eq(connections.id, connectionId)));
  return row?.provider;
}

/** Every official-line connection of the installation (the daily sync walks them all). */
export async function listCloudConnections(db: Db, provider: string): Promise<{ companyId: number; connectionId: number }[]> {
  return db.select({ companyId: connections.companyId, connectionId: connections.id }).from(connections).where(eq(connections.provider, provider)).orderBy(asc(connections.id));
}
