import { and, inArray, isNull } from "drizzle-orm";
import { campaigns } from "../../db/schema/index.ts";
import type { EngineDeps } from "../../engine/deps.ts";
import { CHECK_NUMBERS_JOB, runCheckNumbersJob } from "./contact-lists.validity.ts";
import { startCampaignDispatchWorkers } from "./campaigns.dispatch.ts";
import { queueCampaignStart, queueDispatchStep } from "./campaigns.jobs.ts";

/**
 * Queues again the start of every scheduled campaign and the current step of every running one: a
 * process that died between a commit and its job loses nothing. Duplicates do nothing (the start
 * checks the scheduledAt, a step its dispatchSeq).
 */
async function recoverCampaigns(deps: EngineDeps): Promise<number> {
  const rows = await deps.db
    .select({ id: campaigns.id, companyId: campaigns.companyId, status: campaigns.status, scheduledAt: campaigns.scheduledAt, dispatchSeq: campaigns.dispatchSeq })
    .from(campaigns)
    .where(and(inArray(campaigns.status, ["PROGRAMADA", "EM_ANDAMENTO"]), isNull(campaigns.pausedAt)));
  for (const row of rows) {
    if (row.status === "PROGRAMADA" && row.scheduledAt) await queueCampaignStart(deps.jobs, { id: row.id, companyId: row.companyId, scheduledAt: row.scheduledAt });
    if (row.status === "EM_ANDAMENTO") await queueDispatchStep(deps.jobs, row, row.dispatchSeq);
  }
  return rows.length;
}

/** Registers the campaign and contact-list workers and recovers running campaigns; call after the job queue started. */
export async function startCampaignWorkers(deps: EngineDeps): Promise<void> {
  await startCampaignDispatchWorkers(deps);
  await deps.jobs.work(CHECK_NUMBERS_JOB, (payload) => runCheckNumbersJob(deps, payload), { pollingIntervalSeconds: 1 });
  const recovered = await recoverCampaigns(deps);
  if (recovered > 0) deps.log.info({ recovered }, "campaigns resumed");
}

