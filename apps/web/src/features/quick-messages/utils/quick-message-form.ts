import { QUICK_MESSAGE_SHORTCODE_MAX, QUICK_MESSAGE_TEXT_MAX, type QuickMessage, type QuickMessageBody } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** What the quick-reply dialog edits (the attachment is handled beside the form). */
export interface QuickMessageFormValues {
  shortcode: string;
  message: string;
  geral: boolean;
}

/** The rules of the shared ZQuickMessageBody with the dialog's messages (spec admin §5: shortcode 'Obrigatório'). */
export function buildQuickMessageFormSchema(t: TFunction) {
  return z.object({
    shortcode: z.string().trim().min(1, t("quickMessages.validation.required")).max(QUICK_MESSAGE_SHORTCODE_MAX, t("quickMessages.validation.tooLong")),
    message: z.string().max(QUICK_MESSAGE_TEXT_MAX, t("quickMessages.validation.tooLong")),
    geral: z.boolean(),
  });
}

export type QuickMessageFormSchema = ReturnType<typeof buildQuickMessageFormSchema>;

/** A new reply's fields (personal by default), or a stored one's. */
export function quickMessageFormValues(quick?: Pick<QuickMessage, "shortcode" | "message" | "geral">): QuickMessageFormValues {
  return quick ? { shortcode: quick.shortcode, message: quick.message, geral: quick.geral } : { shortcode: "", message: "", geral: false };
}

export function toQuickMessageBody(values: QuickMessageFormValues): QuickMessageBody {
  return { shortcode: values.shortcode.trim(), message: values.message, geral: values.geral };
}

/** What happens to the attachment on save: a new file replaces it; `remove` drops the stored one. */
export interface AttachmentChange {
  file: File | null;
  remove: boolean;
}

/** The attachment step after the reply itself was saved: upload, delete, or nothing. */
export function attachmentStep(change: AttachmentChange, hasStoredMedia: boolean): "upload" | "delete" | "none" {
  if (change.file) return "upload";
  if (change.remove && hasStoredMedia) return "delete";
  return "none";
}
