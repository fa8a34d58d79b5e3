import { CAMPAIGN_SLOTS, type Campaign, type CampaignBody, type CampaignTemplate, type CampaignVariable } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";
import { fromLocalInput, toLocalInput } from "../../../lib/date.ts";

export type CampaignSlot = (typeof CAMPAIGN_SLOTS)[number];
type MessageKey = `message${CampaignSlot}`;
type ConfirmationKey = `confirmationMessage${CampaignSlot}`;

/** The tag choice that means "no tag" (spec admin §2: the tag list defaults to 'Nenhuma'). */
export const NO_TAG = "Nenhuma";

/** What the campaign dialog edits; choices are kept as the selects' string values ("" for none). */
export type CampaignFormValues = Record<MessageKey | ConfirmationKey, string> & {
  name: string;
  confirmation: boolean;
  /** A datetime-local value, or "" for no scheduling. */
  scheduledAt: string;
  whatsappId: string;
  contactListId: string;
  /** A tag id, or NO_TAG. */
  tagListId: string;
  fileListId: string;
  /** The official line's template (the first message), or null. */
  template: CampaignTemplate | null;
  /** Whether the chosen connection is the official line (kept by the dialog from its connection choices). */
  official: boolean;
};

const idOrEmpty = (id: number | null) => (id === null ? "" : String(id));

type TextKey = MessageKey | ConfirmationKey;

/** The ten message texts of a campaign, a form or a body ("" where absent). */
function textsOf(source: Partial<Record<TextKey, string>> | undefined): Record<TextKey, string> {
  return {
    message1: source?.message1 ?? "",
    message2: source?.message2 ?? "",
    message3: source?.message3 ?? "",
    message4: source?.message4 ?? "",
    message5: source?.message5 ?? "",
    confirmationMessage1: source?.confirmationMessage1 ?? "",
    confirmationMessage2: source?.confirmationMessage2 ?? "",
    confirmationMessage3: source?.confirmationMessage3 ?? "",
    confirmationMessage4: source?.confirmationMessage4 ?? "",
    confirmationMessage5: source?.confirmationMessage5 ?? "",
  };
}

/** A new campaign's fields, or a stored one's. */
export function campaignFormValues(campaign?: Campaign): CampaignFormValues {
  return {
    ...textsOf(campaign),
    name: campaign?.name ?? "",
    confirmation: campaign?.confirmation ?? false,
    scheduledAt: campaign?.scheduledAt ? toLocalInput(new Date(campaign.scheduledAt)) : "",
    whatsappId: idOrEmpty(campaign?.whatsappId ?? null),
    contactListId: idOrEmpty(campaign?.contactListId ?? null),
    tagListId: campaign?.tagListId ? String(campaign.tagListId) : NO_TAG,
    fileListId: idOrEmpty(campaign?.fileListId ?? null),
    template: campaign?.template ?? null,
    official: Boolean(campaign?.template),
  };
}

const messageKeys = CAMPAIGN_SLOTS.map((slot) => `message${slot}` as const);
const confirmationKeys = CAMPAIGN_SLOTS.map((slot) => `confirmationMessage${slot}` as const);

/**
 * The dialog's rules with its messages (spec admin §5: name required, 2 to 50). A scheduled campaign
 * also needs what the server asks for before it can start (ERR_CAMPAIGN_INCOMPLETE): a connection, a
 * contact list or a tag, a message, and with confirmation a confirmation message. On the official line
 * the template is the first message: it is needed, with every parameter filled, at any save (the server
 * refuses the connection without one), and a message only with confirmation, to follow the answer.
 */
export function buildCampaignFormSchema(t: TFunction) {
  const text = z.string().max(4096, t("campaigns.validation.tooLong"));
  const shape = {
    name: z.string().trim().min(1, t("campaigns.validation.required")).min(2, t("campaigns.validation.tooShort")).max(50, t("campaigns.validation.tooLong")),
    confirmation: z.boolean(),
    scheduledAt: z.string().refine((value) => value === "" || fromLocalInput(value) !== null, t("campaigns.validation.invalidDate")),
    whatsappId: z.string(),
    contactListId: z.string(),
    tagListId: z.string(),
    fileListId: z.string(),
    template: z.object({ name: z.string(), language: z.string(), parameters: z.array(z.string()) }).nullable(),
    official: z.boolean(),
    message1: text,
    message2: text,
    message3: text,
    message4: text,
    message5: text,
    confirmationMessage1: text,
    confirmationMessage2: text,
    confirmationMessage3: text,
    confirmationMessage4: text,
    confirmationMessage5: text,
  } satisfies Record<keyof CampaignFormValues, z.ZodType>;
  return z.object(shape).superRefine((values, context) => {
    if (values.official && values.whatsappId !== "") {
      if (!values.template) context.addIssue({ code: "custom", path: ["template"], message: t("campaigns.validation.templateRequired") });
      else if (values.template.parameters.some((parameter) => parameter.trim() === "")) {
        context.addIssue({ code: "custom", path: ["template"], message: t("campaigns.validation.parametersRequired") });
      }
    }
    if (values.scheduledAt === "") return;
    if (values.whatsappId === "") context.addIssue({ code: "custom", path: ["whatsappId"], message: t("campaigns.validation.whatsappRequired") });
    if (values.contactListId === "" && values.tagListId === NO_TAG) context.addIssue({ code: "custom", path: ["contactListId"], message: t("campaigns.validation.recipientsRequired") });
    const official = values.official && values.whatsappId !== "";
    if ((!official || values.confirmation) && messageKeys.every((key) => values[key].trim() === "")) {
      context.addIssue({ code: "custom", path: ["message1"], message: t("campaigns.validation.messageRequired") });
    }
    if (!official && values.confirmation && confirmationKeys.every((key) => values[key].trim() === "")) {
      context.addIssue({ code: "custom", path: ["confirmationMessage1"], message: t("campaigns.validation.confirmationRequired") });
    }
  });
}

const idOf = (value: string) => (value === "" ? null : Number(value));

/** The body of POST /campaigns and PUT /campaigns/{id}. */
export function toCampaignBody(values: CampaignFormValues): CampaignBody {
  const scheduledAt = fromLocalInput(values.scheduledAt);
  return {
    ...textsOf(values),
    name: values.name.trim(),
    confirmation: values.confirmation,
    scheduledAt: scheduledAt ? scheduledAt.toISOString() : null,
    whatsappId: idOf(values.whatsappId),
    contactListId: idOf(values.contactListId),
    tagListId: values.tagListId === NO_TAG ? null : idOf(values.tagListId),
    fileListId: idOf(values.fileListId),
    template: values.official && values.whatsappId !== "" ? values.template : null,
  };
}

/** The placeholders the message fields understand: the recipient's `{nome}`, `{numero}`, `{email}` and every settings variable. */
export function campaignPlaceholders(variables: readonly CampaignVariable[]): string[] {
  return ["{nome}", "{numero}", "{email}", ...variables.map((variable) => `{${variable.key}}`)];
}

/**
 * The body of a save that may change only the message texts (a cancelled campaign): the texts (and a
 * template's parameters) from the form, everything else exactly as stored, so the server sees nothing else changed.
 */
export function textsOnlyBody(campaign: Campaign, values: CampaignFormValues): CampaignBody {
  // The official line's template parameters are texts too; its connection stays the stored one.
  return { ...toCampaignBody(campaignFormValues(campaign)), scheduledAt: campaign.scheduledAt, ...textsOf(values), template: campaign.template ? values.template : null };
}
