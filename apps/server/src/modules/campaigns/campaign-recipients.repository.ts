import { type SQL, and, asc, eq, gt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CAMPAIGN_PAGE_SIZE, type CampaignRecipient, type CampaignRecipientStatus, ZCampaignRecipientStatus } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { campaignOptOuts, campaignShipping, messages, tickets } from "../../db/schema/index.ts";
import { containsPattern, foldedContains } from "../../db/search.ts";

const sent = alias(messages, "sent_message");
const asked = alias(messages, "asked_message");

/** The network's acknowledgement of the recipient's message (the campaign text, else the confirmation request). */
const ack = sql`coalesce(${sent.ack}, ${asked.ack}, 0)`;

/** The recipient's status (CAMPAIGN_RECIPIENT_STATUSES): an opt-out first, then a failure, a confirmation, and the send's progress. */
const status = sql<string>`case
  when ${campaignShipping.skippedAt} is not null or ${campaignOptOuts.id} is not null then 'opted_out'
  when ${campaignShipping.failedAt} is not null then 'failed'
  when ${campaignShipping.confirmedAt} is not null then 'confirmed'
  when ${campaignShipping.claimedAt} is null then 'pending'
  when ${ack} >= 3 then 'read'
  when ${ack} >= 2 or ${campaignShipping.deliveredAt} is not null then 'delivered'
  else 'sent' end`;

/** When the recipient reached that status. */
const statusAt = sql<Date | null>`case
  when ${campaignShipping.skippedAt} is not null or ${campaignOptOuts.id} is not null then coalesce(${campaignOptOuts.createdAt}, ${campaignShipping.skippedAt})
  when ${campaignShipping.failedAt} is not null then ${campaignShipping.failedAt}
  when ${campaignShipping.confirmedAt} is not null then ${campaignShipping.confirmedAt}
  else coalesce(${campaignShipping.deliveredAt}, ${campaignShipping.claimedAt}) end`.mapWith((value: unknown) => (value === null ? null : new Date(String(value))));

/** A message of the recipient's contact (the outer query reads messages only through aliases), from them, after the campaign reached them (read through the contact's tickets). */
const replied = sql<boolean>`exists (
  select 1 from ${tickets} join ${messages} on ${messages.ticketId} = ${tickets.id}
  where ${tickets.contactId} = ${campaignShipping.contactId} and ${tickets.companyId} = ${campaignShipping.companyId}
    and ${messages.fromMe} = false and ${messages.createdAt} >= ${campaignShipping.claimedAt})`;

export interface RecipientsFilter {
  searchParam?: string | undefined;
  status?: CampaignRecipientStatus | undefined;
}

function recipientsWhere(companyId: number, campaignId: number, filter: RecipientsFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(campaignShipping.companyId, companyId), eq(campaignShipping.campaignId, campaignId)];
  const term = filter.searchParam?.trim();
  if (term) {
    const digits = term.replace(/\D/g, "");
    conditions.push(or(foldedContains(campaignShipping.name, term), digits.length >= 3 ? sql`${campaignShipping.number} like ${containsPattern(digits)}` : undefined));
  }
  if (filter.status) conditions.push(sql`(${status}) = ${filter.status}`);
  return and(...conditions);
}

function selectRecipients(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: campaignShipping.id,
      number: campaignShipping.number,
      name: campaignShipping.name,
      slot: campaignShipping.slot,
      status,
      failureReason: sql<string | null>`coalesce(${sent.sendError}, ${asked.sendError})`,
      at: statusAt,
      replied,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(campaignShipping)
    .leftJoin(sent, eq(sent.id, campaignShipping.messageId))
    .leftJoin(asked, eq(asked.id, campaignShipping.confirmationMessageId))
    .leftJoin(campaignOptOuts, and(eq(campaignOptOuts.companyId, campaignShipping.companyId), eq(campaignOptOuts.number, campaignShipping.number)))
    .where(where)
    .orderBy(asc(campaignShipping.id));
}

type RecipientRow = Awaited<ReturnType<typeof selectRecipients>>[number];

function toRecipient(row: RecipientRow): CampaignRecipient {
  const parsed = ZCampaignRecipientStatus.parse(row.status);
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    slot: row.slot,
    status: parsed,
    failureReason: parsed === "failed" ? row.failureReason : null,
    at: parsed === "pending" ? null : (row.at?.toISOString() ?? null),
    replied: Boolean(row.replied),
  };
}

/** One page (CAMPAIGN_PAGE_SIZE) of a campaign's recipients in the order they were frozen, with the number matching the filter. */
export async function listRecipientsPage(
  db: Db,
  companyId: number,
  campaignId: number,
  filter: RecipientsFilter,
  pageNumber: number,
): Promise<{ records: CampaignRecipient[]; count: number; hasMore: boolean }> {
  const offset = (pageNumber - 1) * CAMPAIGN_PAGE_SIZE;
  const rows = await selectRecipients(db, recipientsWhere(companyId, campaignId, filter))
    .limit(CAMPAIGN_PAGE_SIZE)
    .offset(offset);
  const count = rows[0]?.total ?? 0;
  return { records: rows.map(toRecipient), count, hasMore: offset + rows.length < count };
}

/** The recipients after `afterId` (by id), `size` of them: the export reads the whole table this way. */
export async function listRecipientsAfter(db: Db, companyId: number, campaignId: number, filter: RecipientsFilter, afterId: number, size: number): Promise<CampaignRecipient[]> {
  const rows = await selectRecipients(db, and(recipientsWhere(companyId, campaignId, filter), gt(campaignShipping.id, afterId))).limit(size);
  return rows.map(toRecipient);
}
