import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { campaignOptOuts, campaignShipping, campaigns } from "../../db/schema/index.ts";
import { type EngineDeps, nowOf } from "../../engine/deps.ts";
import { queueOutboundMessage } from "../../engine/outbound.ts";
import type { StoredMedia } from "../../media/media-store.ts";
import { readCampaignSettings } from "./campaign-settings.repository.ts";
import { composeText, publishCampaign } from "./campaigns.dispatch.ts";
import { isOptOutWord } from "./campaigns.policy.ts";
import { findCampaignRow } from "./campaigns.repository.ts";

/** A customer's message as the campaign rules see it. */
export interface CampaignReply {
  companyId: number;
  connectionId: number;
  number: string;
  body: string;
  /** The ticket the reply was stored in: the campaign message that follows a confirmation goes there. */
  ticketId: number;
}

/**
 * Runs the campaign rules on a customer's message, after it was stored: an opt-out word from a campaign
 * recipient is recorded (no later campaign reaches the number, and a running one skips it); any other
 * reply of a recipient whose confirmation was requested confirms, and the campaign message is queued in
 * the reply's conversation, exactly once (the recipient's null messageId guards it). Answers true when
 * the message was such a reply, so that the bot does not answer it too.
 */
export async function handleCampaignReply(deps: EngineDeps, reply: CampaignReply): Promise<boolean> {
  const { companyId, number } = reply;
  const [recipient] = await deps.db
    .select({ id: campaignShipping.id })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.number, number), isNotNull(campaignShipping.claimedAt)))
    .limit(1);
  if (!recipient) return false;
  const now = nowOf(deps);
  const settings = await readCampaignSettings(deps.db, companyId);
  const word = isOptOutWord(reply.body, settings.optOutWords);
  if (word) {
    await deps.db.insert(campaignOptOuts).values({ companyId, number, word: word.slice(0, 30), createdAt: now }).onConflictDoNothing();
    return true;
  }
  const [waiting] = await deps.db
    .select({ id: campaignShipping.id, campaignId: campaignShipping.campaignId, slot: campaignShipping.slot, name: campaignShipping.name, email: campaignShipping.email })
    .from(campaignShipping)
    .innerJoin(campaigns, eq(campaigns.id, campaignShipping.campaignId))
    .where(
      and(
        eq(campaignShipping.companyId, companyId),
        eq(campaignShipping.number, number),
        eq(campaignShipping.whatsappId, reply.connectionId),
        isNotNull(campaignShipping.confirmationRequestedAt),
        isNull(campaignShipping.messageId),
        isNull(campaignShipping.failedAt),
        inArray(campaigns.status, ["EM_ANDAMENTO", "FINALIZADA"]),
      ),
    )
    .orderBy(desc(campaignShipping.confirmationRequestedAt))
    .limit(1);
  if (!waiting) return false;
  const campaign = await findCampaignRow(deps.db, companyId, waiting.campaignId);
  if (!campaign) return false;
  const body = composeText(campaign, waiting.slot, "message", { name: waiting.name, number, email: waiting.email }, settings.variables);
  const file = campaign.mediaPath ? await deps.media.resolve(companyId, campaign.mediaPath) : undefined;
  const media: StoredMedia | undefined =
    file && campaign.mediaPath
      ? { fileName: campaign.mediaPath, mime: file.mime, kind: file.mime.startsWith("image/") ? "image" : "application", size: file.size, originalName: campaign.mediaName ?? campaign.mediaPath }
      : undefined;
  let confirmed = true;
  try {
    await queueOutboundMessage(
      deps,
      { companyId, ticketId: reply.ticketId, body, userId: null, ...(media ? { media } : {}) },
      {
        inTransaction: async (tx, messageId) => {
          const rows = await tx
            .update(campaignShipping)
            .set({ confirmedAt: now, messageId, updatedAt: now })
            .where(and(eq(campaignShipping.id, waiting.id), isNull(campaignShipping.messageId)))
            .returning({ id: campaignShipping.id });
          if (rows.length === 0) throw new AlreadyConfirmed();
          // Confirmed recipients count towards the campaign's messages (the longer pause every N).
          await tx.update(campaigns).set({ sentCount: sql`${campaigns.sentCount} + 1` }).where(eq(campaigns.id, campaign.id));
        },
      },
    );
  } catch (error) {
    if (!(error instanceof AlreadyConfirmed)) throw error;
    confirmed = false;
  }
  if (confirmed) await publishCampaign(deps, companyId, campaign.id);
  return true;
}

class AlreadyConfirmed extends Error {}
