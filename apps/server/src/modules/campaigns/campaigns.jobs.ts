import { z } from "zod";
import type { Db } from "../../db/client.ts";
import { type JobQueue, defineJob } from "../../jobs/queue.ts";

const ZCampaignRef = { companyId: z.number().int().positive(), campaignId: z.number().int().positive() };

/**
 * `campaigns.start`: at the campaign's scheduledAt, freezes its recipients and starts the dispatch.
 * The payload carries the scheduledAt it was queued for: a campaign moved or changed since is left alone.
 */
export const START_CAMPAIGN_JOB = defineJob({
  name: "campaigns.start",
  schema: z.object({ ...ZCampaignRef, scheduledAt: z.iso.datetime({ offset: true }) }),
  retryLimit: 10,
  retryDelay: 5,
  backoff: true,
  retryDelayMax: 120,
});

/**
 * `campaigns.dispatch`: one step of a campaign's dispatch chain (one message, or a wait). `seq` must be
 * the campaign's current dispatchSeq: the step that stores a send advances it and queues the next step
 * in the same transaction, so a duplicate, a stale or a retried job after a crash does nothing.
 */
export const DISPATCH_CAMPAIGN_JOB = defineJob({
  name: "campaigns.dispatch",
  schema: z.object({ ...ZCampaignRef, seq: z.number().int().min(0) }),
  retryLimit: 20,
  retryDelay: 2,
  backoff: true,
  retryDelayMax: 60,
});

export type DispatchPayload = z.output<typeof DISPATCH_CAMPAIGN_JOB.schema>;
export type StartPayload = z.output<typeof START_CAMPAIGN_JOB.schema>;

export function campaignJobKey(campaignId: number): string {
  return `campaign-${campaignId}`;
}

/** Queues the start of a scheduled campaign at its scheduledAt (at once when past). */
export async function queueCampaignStart(jobs: JobQueue, campaign: { id: number; companyId: number; scheduledAt: Date }, tx?: Db): Promise<void> {
  await jobs.send(
    START_CAMPAIGN_JOB,
    { companyId: campaign.companyId, campaignId: campaign.id, scheduledAt: campaign.scheduledAt.toISOString() },
    { startAfter: campaign.scheduledAt, singletonKey: campaignJobKey(campaign.id), ...(tx ? { tx } : {}) },
  );
}

/** Queues the dispatch step `seq` of a campaign (inside `tx` when given). */
export async function queueDispatchStep(jobs: JobQueue, campaign: { id: number; companyId: number }, seq: number, startAfter?: Date, tx?: Db): Promise<void> {
  await jobs.send(
    DISPATCH_CAMPAIGN_JOB,
    { companyId: campaign.companyId, campaignId: campaign.id, seq },
    { singletonKey: campaignJobKey(campaign.id), ...(startAfter ? { startAfter } : {}), ...(tx ? { tx } : {}) },
  );
}
