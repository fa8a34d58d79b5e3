import { DEFAULT_TAG_COLOR, TAG_NAME_MAX, TAG_NAME_MIN, type TagBody, type TagRecord, ZTagColor } from "@conversa/shared";
import type { TFunction } from "i18next";
import { z } from "zod";

/** What the tag dialog edits. */
export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

/** The rules of the shared ZTagBody with the dialog's messages (spec admin §5: 'Obrigatório', 'Mensagem muito curta'). */
export function buildTagFormSchema(t: TFunction) {
  return z.object({
    name: z.string().trim().min(1, t("tags.validation.required")).min(TAG_NAME_MIN, t("tags.validation.tooShort")).max(TAG_NAME_MAX, t("tags.validation.tooLong")),
    color: ZTagColor,
    kanban: z.boolean(),
  });
}

export type TagFormSchema = ReturnType<typeof buildTagFormSchema>;

/** `#rrggbb`, the only form a colour input takes (`#abc` is widened, an alpha part dropped). */
export function toColorInputValue(color: string): string {
  const hex = color.trim().replace(/^#/, "").toLowerCase();
  if (/^[0-9a-f]{3}$/.test(hex)) return `#${[...hex].map((c) => c + c).join("")}`;
  if (/^[0-9a-f]{6}([0-9a-f]{2})?$/.test(hex)) return `#${hex.slice(0, 6)}`;
  return DEFAULT_TAG_COLOR.toLowerCase();
}

/** A new tag's fields, or a stored one's. */
export function tagFormValues(tag?: Pick<TagRecord, "name" | "color" | "kanban">): TagFormValues {
  if (!tag) return { name: "", color: DEFAULT_TAG_COLOR.toLowerCase(), kanban: false };
  return { name: tag.name, color: toColorInputValue(tag.color), kanban: tag.kanban === 1 };
}

/** The body sent to the API: the kanban flag only from those who may set it (the server keeps it otherwise). */
export function toTagBody(values: TagFormValues, canSetKanban: boolean): TagBody {
  return { name: values.name.trim(), color: values.color, ...(canSetKanban ? { kanban: values.kanban ? 1 : 0 } : {}) };
}
