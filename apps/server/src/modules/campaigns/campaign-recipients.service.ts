import type { CampaignRecipient, ExportCampaignRecipientsQuery, ListCampaignRecipientsQuery } from "@conversa/shared";
import { type EngineDeps, nowOf } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import type { MailLanguage } from "../../mail/language.ts";
import { CSV_BOM, csvLine } from "../contacts/index.ts";
import { listRecipientsAfter, listRecipientsPage } from "./campaign-recipients.repository.ts";
import { reconcileDeliveries } from "./campaigns.dispatch.ts";
import { findCampaignRow } from "./campaigns.repository.ts";
import { recipientCsvCells, recipientsCsvHeader } from "./recipients-csv.ts";
import { requireCampaignManager } from "./contact-lists.service.ts";

/** Recipients written per page of the export. */
const EXPORT_PAGE_SIZE = 500;

async function requireReport(deps: EngineDeps, ctx: RequestContext, id: number): Promise<void> {
  requireCampaignManager(ctx);
  if (!(await findCampaignRow(deps.db, ctx.companyId, id))) throw new AppError("ERR_NO_CAMPAIGN_FOUND", undefined, "Campaign not found");
  // The sends the jobs finished since the last read show as delivered or failed.
  await reconcileDeliveries(deps.db, ctx.companyId, id, nowOf(deps));
}

/**
 * GET /campaigns/{id}/recipients: a page of the campaign report's recipients (number, name, slot,
 * status, failure reason, time, replied), searched by number or name and filtered by status, with the
 * number of matches. Throws ERR_NO_PERMISSION, ERR_NO_CAMPAIGN_FOUND.
 */
export async function listCampaignRecipients(
  deps: EngineDeps,
  ctx: RequestContext,
  id: number,
  query: ListCampaignRecipientsQuery,
): Promise<{ records: CampaignRecipient[]; count: number; hasMore: boolean }> {
  await requireReport(deps, ctx, id);
  return listRecipientsPage(deps.db, ctx.companyId, id, query, query.pageNumber);
}

/**
 * GET /campaigns/{id}/recipients/export: every recipient matching the filters as CSV lines (number, name,
 * message slot, status, failure reason, time, replied), the header and the words in the requester's
 * language (`language`, from Accept-Language), read page by page as the answer streams.
 * Throws ERR_NO_PERMISSION, ERR_NO_CAMPAIGN_FOUND.
 */
export async function exportCampaignRecipients(
  deps: EngineDeps,
  ctx: RequestContext,
  id: number,
  query: ExportCampaignRecipientsQuery,
  language: MailLanguage,
): Promise<AsyncIterable<string>> {
  await requireReport(deps, ctx, id);
  const { companyId } = ctx;
  return (async function* lines() {
    yield CSV_BOM + csvLine(recipientsCsvHeader(language));
    let afterId = 0;
    for (;;) {
      const page = await listRecipientsAfter(deps.db, companyId, id, query, afterId, EXPORT_PAGE_SIZE);
      if (page.length === 0) return;
      yield page
        .map((row) => csvLine(recipientCsvCells(row, language)))
        .join("");
      afterId = page.at(-1)?.id ?? afterId;
    }
  })();
}
