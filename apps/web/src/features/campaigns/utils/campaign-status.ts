import { CAMPAIGN_EDIT_LEAD_MS, type Campaign, type CampaignStatus } from "@conversa/shared";

/** The i18n key of each status's label (INATIVA is shown 'Inativa', spec admin §4). */
export const CAMPAIGN_STATUS_LABEL_KEYS = {
  INATIVA: "campaigns.status.INATIVA",
  PROGRAMADA: "campaigns.status.PROGRAMADA",
  EM_ANDAMENTO: "campaigns.status.EM_ANDAMENTO",
  CANCELADA: "campaigns.status.CANCELADA",
  FINALIZADA: "campaigns.status.FINALIZADA",
} as const satisfies Record<CampaignStatus, string>;

/** The chip colour of each status. */
export const CAMPAIGN_STATUS_COLORS = {
  INATIVA: "default",
  PROGRAMADA: "info",
  EM_ANDAMENTO: "warning",
  CANCELADA: "error",
  FINALIZADA: "success",
} as const satisfies Record<CampaignStatus, "default" | "info" | "warning" | "error" | "success">;

/** What the dialog lets the user change: everything, only the message texts, or nothing. */
export type CampaignEditability = "all" | "texts" | "none";

/**
 * The server's rule (spec admin §4), mirrored so that the dialog shows what a save may change: all while
 * INATIVA or PROGRAMADA more than an hour ahead, the message texts of a CANCELADA one, nothing otherwise.
 * The server stays the authority (ERR_CAMPAIGN_NOT_EDITABLE).
 */
export function campaignEditability(campaign: Pick<Campaign, "status" | "scheduledAt">, now: Date = new Date()): CampaignEditability {
  if (campaign.status === "INATIVA") return "all";
  if (campaign.status === "PROGRAMADA") {
    const start = campaign.scheduledAt ? new Date(campaign.scheduledAt).getTime() : Number.NaN;
    return start - now.getTime() > CAMPAIGN_EDIT_LEAD_MS ? "all" : "none";
  }
  if (campaign.status === "CANCELADA") return "texts";
  return "none";
}

/** The status machine's actions a list row offers. */
export type CampaignAction = "cancel" | "restart" | "pause" | "resume";

/** The actions the server accepts for a campaign now: cancel and pause/resume while running, restart once cancelled. */
export function campaignActions(campaign: Pick<Campaign, "status" | "pausedAt">): CampaignAction[] {
  if (campaign.status === "EM_ANDAMENTO") return campaign.pausedAt ? ["resume", "cancel"] : ["pause", "cancel"];
  if (campaign.status === "CANCELADA") return ["restart"];
  return [];
}

/** Delivered out of the valid recipients, as a whole percentage (0 when there are none). */
export function deliveredPercent(progress: Pick<Campaign["progress"], "delivered" | "validContacts">): number {
  if (progress.validContacts <= 0) return 0;
  return Math.min(100, Math.round((progress.delivered / progress.validContacts) * 100));
}
