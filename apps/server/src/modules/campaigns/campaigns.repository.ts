import { and, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { CAMPAIGN_PAGE_SIZE, type Campaign, type CampaignProgress, type CampaignShipping, ZCampaignStatus } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { campaignShipping, campaigns, connections, contactLists } from "../../db/schema/index.ts";

export type CampaignRow = typeof campaigns.$inferSelect;

const EMPTY_PROGRESS: CampaignProgress = { validContacts: 0, delivered: 0, failed: 0, skipped: 0, confirmationRequested: 0, confirmed: 0 };

/** The report's figures of each campaign, in one grouped query. */
async function progressOf(db: Db, companyId: number, ids: number[]): Promise<Map<number, CampaignProgress>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      campaignId: campaignShipping.campaignId,
      validContacts: sql<number>`count(*)::int`,
      delivered: sql<number>`count(${campaignShipping.deliveredAt})::int`,
      failed: sql<number>`count(${campaignShipping.failedAt})::int`,
      skipped: sql<number>`count(${campaignShipping.skippedAt})::int`,
      confirmationRequested: sql<number>`count(${campaignShipping.confirmationRequestedAt})::int`,
      confirmed: sql<number>`count(${campaignShipping.confirmedAt})::int`,
    })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), inArray(campaignShipping.campaignId, ids)))
    .groupBy(campaignShipping.campaignId);
  return new Map(rows.map(({ campaignId, ...figures }) => [campaignId, Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)])) as CampaignProgress]));
}

const selection = { campaign: campaigns, whatsappName: connections.name, contactListName: contactLists.name };

function toCampaign(row: { campaign: CampaignRow; whatsappName: string | null; contactListName: string | null }, progress: CampaignProgress): Campaign {
  const c = row.campaign;
  return {
    id: c.id,
    name: c.name,
    message1: c.message1,
    message2: c.message2,
    message3: c.message3,
    message4: c.message4,
    message5: c.message5,
    confirmationMessage1: c.confirmationMessage1,
    confirmationMessage2: c.confirmationMessage2,
    confirmationMessage3: c.confirmationMessage3,
    confirmationMessage4: c.confirmationMessage4,
    confirmationMessage5: c.confirmationMessage5,
    status: ZCampaignStatus.catch("INATIVA").parse(c.status),
    confirmation: c.confirmation,
    scheduledAt: c.scheduledAt?.toISOString() ?? null,
    completedAt: c.completedAt?.toISOString() ?? null,
    pausedAt: c.pausedAt?.toISOString() ?? null,
    pauseReason: c.pausedAt ? c.pauseReason : null,
    whatsappId: c.whatsappId,
    contactListId: c.contactListId,
    tagListId: c.tagListId,
    fileListId: c.fileListId,
    companyId: c.companyId,
    mediaPath: c.mediaPath ? `/media/${c.mediaPath}` : null,
    mediaName: c.mediaName,
    template: c.template ?? null,
    whatsapp: c.whatsappId !== null && row.whatsappName !== null ? { id: c.whatsappId, name: row.whatsappName } : null,
    contactList: c.contactListId !== null && row.contactListName !== null ? { id: c.contactListId, name: row.contactListName } : null,
    progress,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

function withNames(db: Db) {
  return db
    .select(selection)
    .from(campaigns)
    .leftJoin(connections, eq(connections.id, campaigns.whatsappId))
    .leftJoin(contactLists, eq(contactLists.id, campaigns.contactListId));
}

export async function findCampaignRow(db: Db, companyId: number, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  return row;
}

/** The campaign as the API shows it, with its report figures. */
export async function loadCampaign(db: Db, companyId: number, id: number): Promise<Campaign | undefined> {
  const [row] = await withNames(db).where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  if (!row) return undefined;
  const progress = await progressOf(db, companyId, [id]);
  return toCampaign(row, progress.get(id) ?? EMPTY_PROGRESS);
}

/** A page of the company's campaigns, newest first, searched by name. */
export async function listCampaignsPage(db: Db, companyId: number, searchParam: string | undefined, pageNumber: number): Promise<{ records: Campaign[]; hasMore: boolean }> {
  const term = searchParam?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await withNames(db)
    .where(and(eq(campaigns.companyId, companyId), pattern ? ilike(campaigns.name, pattern) : undefined))
    .orderBy(desc(campaigns.id))
    .limit(CAMPAIGN_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * CAMPAIGN_PAGE_SIZE);
  const page = rows.slice(0, CAMPAIGN_PAGE_SIZE);
  const progress = await progressOf(
    db,
    companyId,
    page.map((row) => row.campaign.id),
  );
  return { records: page.map((row) => toCampaign(row, progress.get(row.campaign.id) ?? EMPTY_PROGRESS)), hasMore: rows.length > CAMPAIGN_PAGE_SIZE };
}

/** The recipients of a campaign (the report's list), 100 a page in the order they are sent. */
export async function listShippingPage(db: Db, companyId: number, campaignId: number, pageNumber: number): Promise<{ records: CampaignShipping[]; hasMore: boolean }> {
  const size = 100;
  const rows = await db
    .select()
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.campaignId, campaignId)))
    .orderBy(campaignShipping.id)
    .limit(size + 1)
    .offset((pageNumber - 1) * size);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    records: rows.slice(0, size).map((row) => ({
      id: row.id,
      number: row.number,
      name: row.name,
      deliveredAt: iso(row.deliveredAt),
      confirmationRequestedAt: iso(row.confirmationRequestedAt),
      confirmedAt: iso(row.confirmedAt),
      failedAt: iso(row.failedAt),
      skippedAt: iso(row.skippedAt),
    })),
    hasMore: rows.length > size,
  };
}
