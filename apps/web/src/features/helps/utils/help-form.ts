import { HELP_DESCRIPTION_MAX, HELP_TITLE_MAX, HELP_TITLE_MIN, HELP_VIDEO_CODE, type Help, type HelpBody } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** What the Ajuda form edits. */
export interface HelpFormValues {
  title: string;
  video: string;
  description: string;
}

/** The rules of the shared ZHelpBody with the form's messages. */
export function buildHelpFormSchema(t: TFunction) {
  return z.object({
    title: z.string().trim().min(1, t("helps.validation.required")).min(HELP_TITLE_MIN, t("helps.validation.tooShort")).max(HELP_TITLE_MAX, t("helps.validation.tooLong")),
    video: z.string().trim().min(1, t("helps.validation.required")).regex(HELP_VIDEO_CODE, t("helps.validation.video")),
    description: z.string().trim().max(HELP_DESCRIPTION_MAX, t("helps.validation.tooLong")),
  });
}

/** A new help video's fields, or a stored one's. */
export function helpFormValues(help?: Help): HelpFormValues {
  return help ? { title: help.title, video: help.video, description: help.description } : { title: "", video: "", description: "" };
}

/** The body sent to the API. */
export function toHelpBody(values: HelpFormValues): HelpBody {
  return { title: values.title.trim(), video: values.video.trim(), description: values.description.trim() };
}

/** The video's thumbnail on the video hosting service (allowed by the server's img-src). */
export function thumbnailUrl(code: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(code)}/mqdefault.jpg`;
}

/** The video's privacy-enhanced player (the only frame-src the server allows). */
export function embedUrl(code: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(code)}`;
}
