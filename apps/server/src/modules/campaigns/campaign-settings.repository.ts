import { and, eq, sql } from "drizzle-orm";
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignPacing,
  type CampaignSettings,
  OPT_OUT_CONFIRMATION_DEFAULTS,
  ZCampaignSettings,
  companyLanguageOf,
} from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { campaignPacing, campaignSettings, companies } from "../../db/schema/index.ts";
import { NO_PACING, type Pacing } from "./pacing.ts";

/** The company's campaign settings, each missing or unreadable key at its default (the opt-out confirmation in the company's language). */
export async function readCampaignSettings(db: Db, companyId: number): Promise<CampaignSettings> {
  const rows = await db.select({ key: campaignSettings.key, value: campaignSettings.value }).from(campaignSettings).where(eq(campaignSettings.companyId, companyId));
  const stored: Record<string, unknown> = {};
  for (const row of rows) stored[row.key] = row.value;
  const result: CampaignSettings = { ...CAMPAIGN_SETTINGS_DEFAULTS };
  for (const key of Object.keys(ZCampaignSettings.shape) as (keyof CampaignSettings)[]) {
    const parsed = ZCampaignSettings.shape[key].safeParse(stored[key]);
    if (parsed.success) Object.assign(result, { [key]: parsed.data });
  }
  if (!result.optOutConfirmation.trim()) result.optOutConfirmation = OPT_OUT_CONFIRMATION_DEFAULTS[companyLanguageOf(await companyTimeZone(db, companyId))];
  return result;
}

/** Writes the given keys in one transaction. */
export async function writeCampaignSettings(db: Db, companyId: number, values: Partial<CampaignSettings>): Promise<void> {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return;
  await db
    .insert(campaignSettings)
    .values(entries.map(([key, value]) => ({ companyId, key, value })))
    .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value: sql`excluded.value`, updatedAt: sql`now()` } });
}

/** A connection's pacing, none when it has none. */
export async function readPacing(db: Db, companyId: number, whatsappId: number): Promise<Pacing> {
  const [row] = await db.select().from(campaignPacing).where(and(eq(campaignPacing.companyId, companyId), eq(campaignPacing.whatsappId, whatsappId)));
  return row ? { dailyLimit: row.dailyLimit, windowStartMinute: row.windowStartMinute, windowEndMinute: row.windowEndMinute, jitterSeconds: row.jitterSeconds } : NO_PACING;
}

export function toCampaignPacing(whatsappId: number, pacing: Pacing): CampaignPacing {
  return {
    whatsappId,
    dailyLimit: pacing.dailyLimit,
    windowStart: pacing.windowStartMinute,
    windowEnd: pacing.windowEndMinute,
    jitterSeconds: pacing.jitterSeconds,
  };
}

export async function writePacing(db: Db, companyId: number, whatsappId: number, pacing: Pacing): Promise<void> {
  await db
    .insert(campaignPacing)
    .values({ companyId, whatsappId, ...pacing })
    .onConflictDoUpdate({ target: [campaignPacing.whatsappId], set: { ...pacing, updatedAt: sql`now()` } });
}

/** The company's time zone (pacing windows and days are in it). */
export async function companyTimeZone(db: Db, companyId: number): Promise<string> {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return row?.timezone ?? "America/Sao_Paulo";
}
