import { CAMPAIGN_EDIT_LEAD_MS, CAMPAIGN_SLOTS, type CampaignBody, type CampaignStatus, type CampaignTemplate } from "@conversa/shared";

/** What a save may change of a campaign now (spec admin §4). */
export type Editability = "all" | "texts" | "none";

/**
 * A campaign is editable when INATIVA, or PROGRAMADA with its start more than an hour ahead; a
 * cancelled one keeps only its message texts editable; anything else is read-only.
 */
export function editabilityOf(campaign: { status: CampaignStatus; scheduledAt: Date | null }, now: Date): Editability {
  if (campaign.status === "INATIVA") return "all";
  if (campaign.status === "PROGRAMADA") return campaign.scheduledAt !== null && campaign.scheduledAt.getTime() - now.getTime() > CAMPAIGN_EDIT_LEAD_MS ? "all" : "none";
  if (campaign.status === "CANCELADA") return "texts";
  return "none";
}

/** The actions of the status machine: cancel EM_ANDAMENTO → CANCELADA, restart CANCELADA → EM_ANDAMENTO, pause/resume while EM_ANDAMENTO. */
export type CampaignAction = "cancel" | "restart" | "pause" | "resume";

/** The status an action leads to, or undefined when the campaign's status does not allow it. */
export function transitionOf(status: CampaignStatus, paused: boolean, action: CampaignAction): CampaignStatus | undefined {
  switch (action) {
    case "cancel":
      return status === "EM_ANDAMENTO" ? "CANCELADA" : undefined;
    case "restart":
      return status === "CANCELADA" ? "EM_ANDAMENTO" : undefined;
    case "pause":
      return status === "EM_ANDAMENTO" && !paused ? "EM_ANDAMENTO" : undefined;
    case "resume":
      return status === "EM_ANDAMENTO" && paused ? "EM_ANDAMENTO" : undefined;
  }
}

/** The status a saved campaign takes: PROGRAMADA with a start, INATIVA without. */
export function statusOnSave(scheduledAt: Date | null): CampaignStatus {
  return scheduledAt ? "PROGRAMADA" : "INATIVA";
}

type Slot = (typeof CAMPAIGN_SLOTS)[number];

type Texts = Pick<CampaignBody, `message${1 | 2 | 3 | 4 | 5}` | `confirmationMessage${1 | 2 | 3 | 4 | 5}`>;

/** The filled message slots (1–5). */
export function filledSlots(campaign: Texts): Slot[] {
  return CAMPAIGN_SLOTS.filter((slot) => campaign[`message${slot}`].trim() !== "");
}

/**
 * Whether a campaign can start: a connection, a contact list or a tag, a message, and with
 * confirmation on a confirmation message. With a template (the official line) the template is the
 * first message: the message slots are needed only with confirmation on, to follow the customer's answer.
 */
export function isComplete(
  campaign: Texts & { whatsappId: number | null; contactListId: number | null; tagListId: number | null; confirmation: boolean; template: CampaignTemplate | null },
): boolean {
  if (campaign.whatsappId === null || (campaign.contactListId === null && campaign.tagListId === null)) return false;
  if (campaign.template) return !campaign.confirmation || filledSlots(campaign).length > 0;
  if (filledSlots(campaign).length === 0) return false;
  return !campaign.confirmation || CAMPAIGN_SLOTS.some((slot) => campaign[`confirmationMessage${slot}`].trim() !== "");
}

/** A slot's message and its confirmation message (the slot's own, else the first filled one). */
export function slotTexts(campaign: Texts, slot: Slot): { message: string; confirmationMessage: string } {
  const own = campaign[`confirmationMessage${slot}`];
  const fallback = CAMPAIGN_SLOTS.map((s) => campaign[`confirmationMessage${s}`]).find((text) => text.trim() !== "") ?? "";
  return { message: campaign[`message${slot}`], confirmationMessage: own.trim() !== "" ? own : fallback };
}

/** One filled slot at random (`random` in [0, 1)); slot 1 when none is filled. */
export function pickSlot(campaign: Texts, random: number): Slot {
  const slots = filledSlots(campaign);
  const index = Math.min(slots.length - 1, Math.max(0, Math.floor(random * slots.length)));
  return slots[index] ?? 1;
}

/** The texts of a save (what a cancelled campaign may still change). */
export function textsOf(body: Texts): Texts {
  return {
    message1: body.message1,
    message2: body.message2,
    message3: body.message3,
    message4: body.message4,
    message5: body.message5,
    confirmationMessage1: body.confirmationMessage1,
    confirmationMessage2: body.confirmationMessage2,
    confirmationMessage3: body.confirmationMessage3,
    confirmationMessage4: body.confirmationMessage4,
    confirmationMessage5: body.confirmationMessage5,
  };
}

/** Whether a word answered by a recipient is an opt-out word (alone, without case, accents or punctuation around it). */
export function isOptOutWord(body: string, words: readonly string[]): string | undefined {
  const said = optOutKey(body);
  if (said === "") return undefined;
  return words.find((word) => optOutKey(word) === said);
}

/** A text as opt-out words are compared: without accents, spaces or punctuation, in capitals. */
function optOutKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .toUpperCase();
}

/** The longest opt-out word the settings accept (ZCampaignSettingsValues). */
const OPT_OUT_WORD_MAX = 30;

/**
 * Whether a message could be an opt-out word at all, whatever the settings hold: a word is at most 30
 * characters, so a longer message (most of them) is answered without reading the settings.
 */
export function mightBeOptOutWord(body: string): boolean {
  const said = optOutKey(body);
  return said !== "" && said.length <= OPT_OUT_WORD_MAX;
}
