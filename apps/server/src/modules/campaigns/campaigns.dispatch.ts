import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { type CampaignTemplate, fillCampaignMessage } from "@conversa/shared";
import type { OutboundTemplate } from "../../channels/types.ts";
import { AppError } from "../../lib/app-error.ts";
import { checkedTemplateSend } from "../cloud-templates/index.ts";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../../db/client.ts";
import { campaignOptOuts, campaignShipping, campaigns, contactListItems, contacts, fileListOptions, messages, ticketTags, tickets } from "../../db/schema/index.ts";
import { type EngineDeps, nowOf } from "../../engine/deps.ts";
import { queueOutboundMessage } from "../../engine/outbound.ts";
import type { StoredMedia } from "../../media/media-store.ts";
import { companyTimeZone, readCampaignSettings, readPacing } from "./campaign-settings.repository.ts";
import { DISPATCH_CAMPAIGN_JOB, type DispatchPayload, START_CAMPAIGN_JOB, type StartPayload, queueDispatchStep } from "./campaigns.jobs.ts";
import { pickSlot, slotTexts } from "./campaigns.policy.ts";
import { type CampaignRow, findCampaignRow, loadCampaign } from "./campaigns.repository.ts";
import { campaignContactOf, campaignTicketOf } from "./campaigns.tickets.ts";
import { localDayOf, pauseAfter, windowOpensAt } from "./pacing.ts";

/** How long a step waits before looking again while sent messages are still on their way. */
export const IN_FLIGHT_RECHECK_MS = 3_000;
/** How long a step waits while the campaign has no connection. */
const NO_CONNECTION_RECHECK_MS = 60_000;

/** The step lost a race (another step, a cancel, a pause): it does nothing more. */
class StepSuperseded extends Error {}

/** Tells the company's campaign lists and reports how the campaign stands now. */
export async function publishCampaign(deps: Pick<EngineDeps, "db" | "events">, companyId: number, campaignId: number): Promise<void> {
  const record = await loadCampaign(deps.db, companyId, campaignId);
  if (record) deps.events.publish("record.changed", { companyId, channel: "campaign", action: "update", record });
}

/**
 * Copies what the send jobs learned into the recipients: a campaign message sent is delivered, one
 * that failed (after the last try) is failed, as is a confirmation request that failed. One statement
 * over the recipients in flight only.
 */
export async function reconcileDeliveries(db: Db, companyId: number, campaignId: number, now: Date): Promise<void> {
  await db.execute(sql`
    update campaign_shipping s
       set delivered_at = case when m.send_status = 'sent' and s.message_id = m.id then ${now.toISOString()}::timestamptz else null end,
           failed_at = case when m.send_status = 'failed' then ${now.toISOString()}::timestamptz else null end,
           updated_at = ${now.toISOString()}::timestamptz
      from messages m
     where s.company_id = ${companyId} and s.campaign_id = ${campaignId}
       and s.claimed_at is not null and s.delivered_at is null and s.failed_at is null
       and m.id = coalesce(s.message_id, s.confirmation_message_id)
       and (m.send_status = 'failed' or (m.send_status = 'sent' and s.message_id = m.id))`);
}

/**
 * Freezes the recipients of a campaign into one shipping record each, in one statement: the valid
 * numbers of its contact list, or (without a list) the contacts with its tag; numbers that opted out
 * are left out. Unique per campaign and number, so a repeat adds nothing. Answers how many were added.
 */
export async function freezeRecipients(tx: Db, campaign: CampaignRow): Promise<number> {
  const optedOut = (number: unknown) => sql`not exists (select 1 from ${campaignOptOuts} o where o.company_id = ${campaign.companyId} and o.number = ${number})`;
  if (campaign.contactListId !== null) {
    const rows = await tx.execute(sql`
      insert into campaign_shipping (company_id, campaign_id, contact_list_item_id, number, name, email)
      select ${campaign.companyId}, ${campaign.id}, i.id, i.number, i.name, i.email
        from ${contactListItems} i
       where i.company_id = ${campaign.companyId} and i.contact_list_id = ${campaign.contactListId} and i.is_whatsapp_valid
         and ${optedOut(sql`i.number`)}
       order by i.id
      on conflict (campaign_id, number) do nothing`);
    return affected(rows);
  }
  if (campaign.tagListId !== null) {
    const rows = await tx.execute(sql`
      insert into campaign_shipping (company_id, campaign_id, contact_id, number, name, email)
      select distinct on (c.number) ${campaign.companyId}, ${campaign.id}, c.id, c.number, c.name, c.email
        from ${contacts} c
        join ${tickets} t on t.contact_id = c.id and t.company_id = ${campaign.companyId}
        join ${ticketTags} tt on tt.ticket_id = t.id and tt.tag_id = ${campaign.tagListId}
       where c.company_id = ${campaign.companyId} and not c.is_group and ${optedOut(sql`c.number`)}
       order by c.number, c.id
      on conflict (campaign_id, number) do nothing`);
    return affected(rows);
  }
  return 0;
}

function affected(result: unknown): number {
  if (typeof result === "object" && result !== null) {
    if ("rowCount" in result && typeof result.rowCount === "number") return result.rowCount;
    if ("affectedRows" in result && typeof result.affectedRows === "number") return result.affectedRows;
  }
  return 0;
}

/**
 * The `campaigns.start` job: at scheduledAt, freezes the recipients and sets the campaign EM_ANDAMENTO
 * with its first dispatch step, all in one transaction (a crash leaves it PROGRAMADA and the job retried).
 */
export async function runStartCampaignJob(deps: EngineDeps, payload: StartPayload): Promise<void> {
  await deps.jobs.prepare(DISPATCH_CAMPAIGN_JOB);
  const started = await deps.db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.companyId, payload.companyId), eq(campaigns.id, payload.campaignId)))
      .for("update");
    if (!campaign || campaign.status !== "PROGRAMADA" || campaign.scheduledAt?.getTime() !== Date.parse(payload.scheduledAt)) return false;
    await freezeRecipients(tx, campaign);
    const seq = campaign.dispatchSeq + 1;
    await tx.update(campaigns).set({ status: "EM_ANDAMENTO", dispatchSeq: seq, updatedAt: nowOf(deps) }).where(eq(campaigns.id, campaign.id));
    await queueDispatchStep(deps.jobs, campaign, seq, undefined, tx);
    await recordAudit(tx, "system", { action: "campaign.start", companyId: campaign.companyId, target: { type: "campaign", id: campaign.id }, before: { status: campaign.status }, after: { status: "EM_ANDAMENTO" } });
    return true;
  });
  if (started) await publishCampaign(deps, payload.companyId, payload.campaignId);
}

/** Advances the chain without a send: the next step runs at `startAfter`. False when the step was superseded. */
async function advance(deps: EngineDeps, tx: Db, campaign: CampaignRow, startAfter: Date, extra: Partial<typeof campaigns.$inferInsert> = {}): Promise<boolean> {
  const rows = await tx
    .update(campaigns)
    .set({ dispatchSeq: campaign.dispatchSeq + 1, updatedAt: nowOf(deps), ...extra })
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.dispatchSeq, campaign.dispatchSeq), eq(campaigns.status, "EM_ANDAMENTO"), isNull(campaigns.pausedAt)))
    .returning({ id: campaigns.id });
  if (rows.length === 0) return false;
  await queueDispatchStep(deps.jobs, campaign, campaign.dispatchSeq + 1, startAfter, tx);
  return true;
}

/** In the send's transaction: advances the chain (counting the send) and queues the next step after `pauseMs`. */
async function advanceWithSend(deps: EngineDeps, tx: Db, campaign: CampaignRow, now: Date, pauseMs: number, counted: boolean): Promise<void> {
  const rows = await tx
    .update(campaigns)
    .set({ dispatchSeq: campaign.dispatchSeq + 1, updatedAt: now, ...(counted ? { sentCount: sql`${campaigns.sentCount} + 1` } : {}) })
    .where(and(eq(campaigns.id, campaign.id), eq(campaigns.dispatchSeq, campaign.dispatchSeq), eq(campaigns.status, "EM_ANDAMENTO"), isNull(campaigns.pausedAt)))
    .returning({ id: campaigns.id });
  if (rows.length === 0) throw new StepSuperseded();
  await queueDispatchStep(deps.jobs, campaign, campaign.dispatchSeq + 1, new Date(now.getTime() + pauseMs), tx);
}

/** A campaign's stored file as a message's media; undefined without one or when it is gone. */
export async function campaignAttachmentOf(deps: Pick<EngineDeps, "media">, companyId: number, fileName: string | null, name: string | null): Promise<StoredMedia | undefined> {
  if (fileName === null) return undefined;
  const file = await deps.media.resolve(companyId, fileName);
  if (!file) return undefined;
  const kind = file.mime.startsWith("image/") ? "image" : file.mime.startsWith("video/") ? "video" : file.mime.startsWith("audio/") ? "audio" : "application";
  return { fileName, mime: file.mime, kind, size: file.size, originalName: name ?? fileName };
}

/** Sends the next file of the campaign's file list to a recipient whose campaign message is stored. True when it sent one. */
async function sendNextFile(deps: EngineDeps, campaign: CampaignRow, now: Date): Promise<boolean> {
  if (campaign.fileListId === null) return false;
  const options = await deps.db
    .select({ path: fileListOptions.path, name: fileListOptions.name })
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, campaign.companyId), eq(fileListOptions.fileListId, campaign.fileListId), sql`${fileListOptions.path} is not null`))
    .orderBy(asc(fileListOptions.id));
  if (options.length === 0) return false;
  const [shipping] = await deps.db
    .select({ id: campaignShipping.id, filesSent: campaignShipping.filesSent, messageId: campaignShipping.messageId })
    .from(campaignShipping)
    .where(and(eq(campaignShipping.campaignId, campaign.id), sql`${campaignShipping.messageId} is not null`, sql`${campaignShipping.filesSent} < ${options.length}`, isNull(campaignShipping.failedAt)))
    .orderBy(asc(campaignShipping.id))
    .limit(1);
  if (!shipping) return false;
  const option = options[shipping.filesSent]!;
  const media = await campaignAttachmentOf(deps, campaign.companyId, option.path, option.name);
  const [message] = await deps.db
    .select({ ticketId: messages.ticketId })
    .from(messages)
    .where(and(eq(messages.companyId, campaign.companyId), eq(messages.id, shipping.messageId ?? 0)));
  const claimFile = async (tx: Db) => {
    const claimed = await tx
      .update(campaignShipping)
      .set({ filesSent: shipping.filesSent + 1, updatedAt: now })
      .where(and(eq(campaignShipping.id, shipping.id), eq(campaignShipping.filesSent, shipping.filesSent)))
      .returning({ id: campaignShipping.id });
    if (claimed.length === 0) throw new StepSuperseded();
  };
  // A file gone, a message deleted or (official line) the customer's window closed: that file is
  // skipped, never retried forever, and the chain moves on.
  const skipFile = () =>
    deps.db.transaction(async (tx) => {
      await claimFile(tx);
      if (!(await advance(deps, tx, campaign, now))) throw new StepSuperseded();
    });
  if (!media || !message) {
    await skipFile();
    return true;
  }
  const sent = await queueOutboundMessage(
    deps,
    { companyId: campaign.companyId, ticketId: message.ticketId, body: "", userId: null, media },
    {
      outsideWindow: "skip",
      inTransaction: async (tx) => {
        await claimFile(tx);
        await advanceWithSend(deps, tx, campaign, now, 0, false);
      },
    },
  );
  if (!sent) await skipFile();
  return true;
}

/** Whether every recipient is delivered, failed, skipped, or (with confirmation) waiting for their confirming reply. */
async function isDispatchDone(db: Db, campaignId: number): Promise<boolean> {
  const [open] = await db
    .select({ id: campaignShipping.id })
    .from(campaignShipping)
    .where(
      and(
        eq(campaignShipping.campaignId, campaignId),
        isNull(campaignShipping.deliveredAt),
        isNull(campaignShipping.failedAt),
        isNull(campaignShipping.skippedAt),
        sql`not (${campaignShipping.confirmationRequestedAt} is not null and ${campaignShipping.messageId} is null)`,
      ),
    )
    .limit(1);
  return !open;
}

/** The text a recipient receives: the slot's message (or confirmation request) with the placeholders filled. */
export function composeText(
  campaign: CampaignRow,
  slot: number | null,
  kind: "message" | "confirmation",
  recipient: { name: string; number: string; email: string },
  variables: Parameters<typeof fillCampaignMessage>[2],
): string {
  const valid = ([1, 2, 3, 4, 5] as const).find((s) => s === slot) ?? pickSlot(campaign, 0);
  const texts = slotTexts(campaign, valid);
  return fillCampaignMessage(kind === "message" ? texts.message : texts.confirmationMessage, recipient, variables);
}

/** The campaign's template with its parameters filled for one recipient, as `fillCampaignMessage` fills the texts. */
export function fillTemplateParameters(template: CampaignTemplate, recipient: { name: string; number: string; email: string }, variables: Parameters<typeof fillCampaignMessage>[2]): CampaignTemplate {
  return { ...template, parameters: template.parameters.map((parameter) => fillCampaignMessage(parameter, recipient, variables)) };
}

/**
 * The template send of a recipient, checked against the connection's synced templates. A template Meta
 * no longer offers (deleted, paused, disabled, its parameters changed) cannot reach anyone: the campaign
 * is paused, with the reason in the log and the audit, and undefined answered.
 */
async function templateSendOf(
  deps: EngineDeps,
  campaign: CampaignRow & { template: CampaignTemplate; whatsappId: number },
  recipient: { name: string; number: string; email: string },
  variables: Parameters<typeof fillCampaignMessage>[2],
  now: Date,
): Promise<{ body: string; template: OutboundTemplate } | undefined> {
  try {
    return await checkedTemplateSend(deps.db, campaign.companyId, campaign.whatsappId, fillTemplateParameters(campaign.template, recipient, variables));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await deps.db.transaction(async (tx) => {
      const paused = await tx
        .update(campaigns)
        .set({ pausedAt: now, pauseReason: error.code, dispatchSeq: campaign.dispatchSeq + 1, updatedAt: now })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.dispatchSeq, campaign.dispatchSeq), eq(campaigns.status, "EM_ANDAMENTO"), isNull(campaigns.pausedAt)))
        .returning({ id: campaigns.id });
      if (paused.length === 0) throw new StepSuperseded();
      await recordAudit(tx, "system", {
        action: "campaign.pause",
        companyId: campaign.companyId,
        target: { type: "campaign", id: campaign.id },
        before: { pausedAt: null },
        after: { pausedAt: now, reason: error.code },
      });
    });
    deps.log.warn({ companyId: campaign.companyId, campaignId: campaign.id, code: error.code }, "campaign paused: its template can no longer be sent");
    return undefined;
  }
}

/**
 * The `campaigns.dispatch` job: one step of a campaign's dispatch. In order: reconcile deliveries; a
 * file of the file list still owed to a recipient; the connection's sending window and daily cap; the
 * next recipient (skipped when opted out; else its campaign message, or its confirmation request with
 * confirmation on); FINALIZADA when nobody is left in flight. A send stores its message, marks its
 * recipient and queues the next step in one transaction, guarded by the recipient's null claim and
 * the campaign's dispatchSeq: a recipient is never sent twice nor skipped, whatever crashes.
 */
export async function runDispatchStep(deps: EngineDeps, payload: DispatchPayload, random: () => number = Math.random): Promise<void> {
  const campaign = await findCampaignRow(deps.db, payload.companyId, payload.campaignId);
  if (!campaign || campaign.status !== "EM_ANDAMENTO" || campaign.dispatchSeq !== payload.seq || campaign.pausedAt !== null) return;
  await deps.jobs.prepare(DISPATCH_CAMPAIGN_JOB);
  const now = nowOf(deps);
  await reconcileDeliveries(deps.db, campaign.companyId, campaign.id, now);
  try {
    await step(deps, campaign, now, random);
  } catch (error) {
    if (error instanceof StepSuperseded) return;
    throw error;
  }
  await publishCampaign(deps, campaign.companyId, campaign.id);
}

async function step(deps: EngineDeps, campaign: CampaignRow, now: Date, random: () => number): Promise<void> {
  const { companyId } = campaign;
  if (campaign.whatsappId === null) {
    await deps.db.transaction((tx) => advance(deps, tx, campaign, new Date(now.getTime() + NO_CONNECTION_RECHECK_MS)));
    return;
  }
  const whatsappId = campaign.whatsappId;
  if (await sendNextFile(deps, campaign, now)) return;

  const [pacing, timeZone, settings] = await Promise.all([readPacing(deps.db, companyId, whatsappId), companyTimeZone(deps.db, companyId), readCampaignSettings(deps.db, companyId)]);
  const opens = windowOpensAt(now, timeZone, pacing);
  if (opens) {
    await deps.db.transaction((tx) => advance(deps, tx, campaign, opens));
    return;
  }
  if (pacing.dailyLimit !== null) {
    const day = localDayOf(now, timeZone);
    const [sent] = await deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(campaignShipping)
      .where(and(eq(campaignShipping.whatsappId, whatsappId), gte(campaignShipping.claimedAt, day.start)));
    if (Number(sent?.count ?? 0) >= pacing.dailyLimit) {
      await deps.db.transaction((tx) => advance(deps, tx, campaign, day.next));
      return;
    }
  }

  const [next] = await deps.db
    .select()
    .from(campaignShipping)
    .where(and(eq(campaignShipping.campaignId, campaign.id), isNull(campaignShipping.claimedAt), isNull(campaignShipping.skippedAt)))
    .orderBy(asc(campaignShipping.id))
    .limit(1);
  if (!next) {
    if (await isDispatchDone(deps.db, campaign.id)) {
      await deps.db
        .update(campaigns)
        .set({ status: "FINALIZADA", completedAt: now, dispatchSeq: campaign.dispatchSeq + 1, updatedAt: now })
        .where(and(eq(campaigns.id, campaign.id), eq(campaigns.dispatchSeq, campaign.dispatchSeq), eq(campaigns.status, "EM_ANDAMENTO")));
    } else {
      await deps.db.transaction((tx) => advance(deps, tx, campaign, new Date(now.getTime() + IN_FLIGHT_RECHECK_MS)));
    }
    return;
  }

  const [optOut] = await deps.db
    .select({ id: campaignOptOuts.id })
    .from(campaignOptOuts)
    .where(and(eq(campaignOptOuts.companyId, companyId), eq(campaignOptOuts.number, next.number)));
  if (optOut) {
    await deps.db.transaction(async (tx) => {
      await tx.update(campaignShipping).set({ skippedAt: now, updatedAt: now }).where(and(eq(campaignShipping.id, next.id), isNull(campaignShipping.claimedAt)));
      await advance(deps, tx, campaign, now);
    });
    return;
  }

  const slot = pickSlot(campaign, random());
  const asConfirmation = campaign.confirmation;
  const recipient = { name: next.name, number: next.number, email: next.email };
  // The official line: the template is the first message (the campaign message, or the confirmation request).
  const template = campaign.template ? await templateSendOf(deps, { ...campaign, template: campaign.template, whatsappId }, recipient, settings.variables, now) : undefined;
  if (campaign.template && !template) return;
  const body = template?.body ?? composeText(campaign, slot, asConfirmation ? "confirmation" : "message", recipient, settings.variables);
  const { contactId, ticketId } = await deps.db.transaction(async (tx) => {
    const id = next.contactId ?? (await campaignContactOf(tx, companyId, recipient, whatsappId));
    return { contactId: id, ticketId: await campaignTicketOf(tx, companyId, id, whatsappId, now) };
  });
  const media = asConfirmation || template ? undefined : await campaignAttachmentOf(deps, companyId, campaign.mediaPath, campaign.mediaName);
  const pauseMs = pauseAfter(campaign.sentCount + 1, settings, pacing, random);
  await queueOutboundMessage(
    deps,
    { companyId, ticketId, body, userId: null, ...(media ? { media } : {}), ...(template ? { template: template.template } : {}) },
    {
      inTransaction: async (tx, messageId) => {
        const claimed = await tx
          .update(campaignShipping)
          .set({
            claimedAt: now,
            whatsappId,
            contactId,
            slot,
            updatedAt: now,
            ...(asConfirmation ? { confirmationMessageId: messageId, confirmationRequestedAt: now } : { messageId }),
          })
          .where(and(eq(campaignShipping.id, next.id), isNull(campaignShipping.claimedAt)))
          .returning({ id: campaignShipping.id });
        if (claimed.length === 0) throw new StepSuperseded();
        await advanceWithSend(deps, tx, campaign, now, pauseMs, true);
      },
    },
  );
}

/** Registers the campaign workers. */
export async function startCampaignDispatchWorkers(deps: EngineDeps): Promise<void> {
  await deps.jobs.work(START_CAMPAIGN_JOB, (payload) => runStartCampaignJob(deps, payload), { pollingIntervalSeconds: 1 });
  await deps.jobs.work(DISPATCH_CAMPAIGN_JOB, (payload) => runDispatchStep(deps, payload), { batchSize: 5, pollingIntervalSeconds: 0.5 });
}
