import { and, asc, eq, sql } from "drizzle-orm";
import { SETTING_DEFINITIONS, type Setting, type SettingKey, isSettingKey } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { settings } from "../../db/schema/index.ts";

/** Secret values never leave the server: the wire carries "" and whether one is stored. */
export function toSettingDto(row: { key: string; value: string }): Setting {
  if (isSettingKey(row.key) && SETTING_DEFINITIONS[row.key].secret) {
    return { key: row.key, value: "", hasValue: row.value.length > 0 };
  }
  return { key: row.key, value: row.value };
}

export async function listSettingRows(db: Db, companyId: number): Promise<{ key: string; value: string }[]> {
  return db.select({ key: settings.key, value: settings.value }).from(settings).where(eq(settings.companyId, companyId)).orderBy(asc(settings.key));
}

export async function findSettingRow(db: Db, companyId: number, key: string): Promise<{ key: string; value: string } | undefined> {
  const [row] = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, key)));
  return row;
}

/** One setting of the company, or its default when the company has none stored (a key added after it was created). */
export async function settingValueOf(db: Db, companyId: number, key: SettingKey): Promise<string> {
  const row = await findSettingRow(db, companyId, key);
  return row?.value ?? SETTING_DEFINITIONS[key].default;
}

export async function upsertSetting(db: Db, companyId: number, key: string, value: string): Promise<{ key: string; value: string }> {
  const [row] = await db
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: sql`now()` } })
    .returning({ key: settings.key, value: settings.value });
  if (!row) throw new Error("upsert returned no row");
  return row;
}

/** Adds every spec setting key a company lacks, with its default value; existing values are kept. */
export async function ensureDefaultSettings(db: Db, companyId: number): Promise<void> {
  const values = Object.entries(SETTING_DEFINITIONS).map(([key, def]) => ({ companyId, key, value: def.default }));
  await db.insert(settings).values(values).onConflictDoNothing({ target: [settings.companyId, settings.key] });
}
