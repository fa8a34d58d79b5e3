import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { campaignOptOuts, campaignShipping, campaigns } from "../../db/schema/index.ts";
import { type EngineDeps, nowOf } from "../../engine/deps.ts";
import type { ConversationEngine } from "../../engine/engine.ts";
import { queueOutboundMessage } from "../../engine/outbound.ts";
import type { AckInterest, AckedMessages, ClaimInterest, CustomerReply, IncomingReply } from "../../engine/reply-hooks.ts";
import { readCampaignSettings } from "./campaign-settings.repository.ts";
import { campaignAttachmentOf, composeText, publishCampaign } from "./campaigns.dispatch.ts";
import { isOptOutWord, mightBeOptOutWord } from "./campaigns.policy.ts";
import { findCampaignRow } from "./campaigns.repository.ts";

/** The campaign that reached the number last, if a campaign reached it. */
async function lastCampaignOf(deps: EngineDeps, companyId: number, number: string): Promise<number | undefined> {
  const [recipient] = await deps.db
    .select({ campaignId: campaignShipping.campaignId })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.companyId, companyId), eq(campaignShipping.number, number), isNotNull(campaignShipping.claimedAt)))
    .orderBy(desc(campaignShipping.claimedAt))
    .limit(1);
  return recipient?.campaignId;
}

/**
 * The origin of the ticket a customer's message goes into when it is a campaign recipient's opt-out
 * word ("campaign": a closed ticket, nothing opened for attendants); null for any other message.
 */
export async function campaignQuietOrigin(deps: EngineDeps, reply: IncomingReply): Promise<string | null> {
  // Every customer message passes here before it is stored: most are ruled out without a query.
  if (!mightBeOptOutWord(reply.body)) return null;
  const settings = await readCampaignSettings(deps.db, reply.companyId);
  if (!isOptOutWord(reply.body, settings.optOutWords)) return null;
  return (await lastCampaignOf(deps, reply.companyId, reply.number)) === undefined ? null : "campaign";
}

/**
 * Runs the campaign rules on a customer's message, after it was stored: an opt-out word from a campaign
 * recipient is recorded (no later campaign reaches the number, and a running one skips it) and answered
 * with the settings' opt-out confirmation, once; any other reply of a recipient whose confirmation was
 * requested confirms, and the campaign message is queued in the reply's conversation, exactly once (the
 * recipient's null messageId guards it). Every reply of a recipient announces their last campaign (its
 * report shows who replied). Answers true when the message was an opt-out or a confirmation, so that
 * the bot does not answer it too.
 */
export async function handleCampaignReply(deps: EngineDeps, reply: CustomerReply): Promise<boolean> {
  const { companyId, number } = reply;
  const lastCampaignId = await lastCampaignOf(deps, companyId, number);
  if (lastCampaignId === undefined) return false;
  const now = nowOf(deps);
  const settings = await readCampaignSettings(deps.db, companyId);
  const word = isOptOutWord(reply.body, settings.optOutWords);
  if (word) {
    const recorded = await deps.db
      .insert(campaignOptOuts)
      .values({ companyId, number, word: word.slice(0, 30), createdAt: now })
      .onConflictDoNothing()
      .returning({ id: campaignOptOuts.id });
    // Confirmed once: a number already out is not answered again.
    if (recorded.length > 0) await queueOutboundMessage(deps, { companyId, ticketId: reply.ticketId, body: settings.optOutConfirmation, userId: null });
    await publishCampaign(deps, companyId, lastCampaignId);
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
  if (!waiting) {
    await publishCampaign(deps, companyId, lastCampaignId);
    return false;
  }
  const campaign = await findCampaignRow(deps.db, companyId, waiting.campaignId);
  if (!campaign) return false;
  const body = composeText(campaign, waiting.slot, "message", { name: waiting.name, number, email: waiting.email }, settings.variables);
  const media = await campaignAttachmentOf(deps, companyId, campaign.mediaPath, campaign.mediaName);
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

/** The network's ack from which a recipient's status changes: 2 is delivered, 3 and beyond read. */
const DELIVERED_ACK = 2;

/**
 * A campaign message (the text or the confirmation request) delivered or read announces its campaign, as
 * every other change of a recipient's status does, so that the live report shows 'delivered' and 'read'.
 */
export async function announceAckedRecipients(deps: EngineDeps, acked: AckedMessages): Promise<void> {
  if (acked.ack < DELIVERED_ACK || acked.messageIds.length === 0) return;
  const rows = await deps.db
    .selectDistinct({ campaignId: campaignShipping.campaignId })
    .from(campaignShipping)
    .where(
      and(
        eq(campaignShipping.companyId, acked.companyId),
        or(inArray(campaignShipping.messageId, acked.messageIds), inArray(campaignShipping.confirmationMessageId, acked.messageIds)),
      ),
    );
  for (const row of rows) await publishCampaign(deps, acked.companyId, row.campaignId);
}

/**
 * Lets the campaigns keep their recipients' opt-out words out of the inbox, claim their replies (opt-out
 * words, confirmations) before the bot answers them, and announce their messages' delivered and read acks.
 */
export function registerCampaignReplies(engine: ConversationEngine): void {
  // Only a number some campaign reached has a reply to claim or to keep quiet (lastCampaignOf).
  const reached: ClaimInterest = ({ companyId, number }) => sql`exists (select 1 from campaign_shipping where company_id = ${companyId} and number = ${number} and claimed_at is not null)`;
  engine.keepRepliesQuiet((reply) => campaignQuietOrigin(engine.deps, reply), { mightBeQuiet: mightBeOptOutWord, interest: reached });
  engine.claimCustomerReplies((reply) => handleCampaignReply(engine.deps, reply), reached);
  // Only a campaign's own message (its text or its confirmation request) has a recipient whose status an ack moves.
  const shipped: AckInterest = ({ companyId, messageId }) =>
    sql`exists (select 1 from campaign_shipping where company_id = ${companyId} and (message_id = ${messageId} or confirmation_message_id = ${messageId}))`;
  engine.watchAcks((acked) => announceAckedRecipients(engine.deps, acked), shipped);
}
