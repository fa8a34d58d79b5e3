import { eq, sql } from "drizzle-orm";
import type { InstallationSettingKey } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { installationSettings } from "../../db/schema/index.ts";

/** The stored values by key; a key never written is absent (its default applies). */
export async function readInstallationSettingRows(db: Db): Promise<Map<string, string>> {
  const rows = await db.select({ key: installationSettings.key, value: installationSettings.value }).from(installationSettings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** One stored value, or undefined when the key was never written. */
export async function readInstallationSettingRow(db: Db, key: InstallationSettingKey): Promise<string | undefined> {
  const [row] = await db.select({ value: installationSettings.value }).from(installationSettings).where(eq(installationSettings.key, key));
  return row?.value;
}

/** Writes one value, inserting the key on its first change. */
export async function upsertInstallationSetting(db: Db, key: InstallationSettingKey, value: string): Promise<void> {
  await db
    .insert(installationSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: installationSettings.key, set: { value, updatedAt: sql`now()` } });
}
