import type { Language } from "../../../lib/i18n.ts";
import { foldSearchText } from "./user-search.ts";

/** The picker's categories, in the order of the Unicode groups (the skin-tone components are left out). */
export const EMOJI_CATEGORIES = ["smileys", "people", "nature", "food", "travel", "activities", "objects", "symbols", "flags"] as const;
export type EmojiCategory = (typeof EMOJI_CATEGORIES)[number];

/** Unicode emoji group number → category. */
const CATEGORY_OF_GROUP: Record<number, EmojiCategory> = { 0: "smileys", 1: "people", 3: "nature", 4: "food", 5: "travel", 6: "activities", 7: "objects", 8: "symbols", 9: "flags" };

export interface PickerEmoji {
  emoji: string;
  /** Its name in the user's language. */
  label: string;
  category: EmojiCategory;
  /** The name and keywords, folded, to search in. */
  terms: string;
}

interface RawEmoji {
  unicode: string;
  label: string;
  group?: number;
  order?: number;
  tags?: string[];
}

/** Turns the emoji dataset into the picker's list, in Unicode order, without the emojis that belong to no group. */
export function toPickerEmojis(raw: readonly RawEmoji[]): PickerEmoji[] {
  return raw
    .flatMap((item) => {
      const category = item.group === undefined ? undefined : CATEGORY_OF_GROUP[item.group];
      if (!category) return [];
      return [{ order: item.order ?? 0, emoji: item.unicode, label: item.label, category, terms: foldSearchText([item.label, ...(item.tags ?? [])].join(" ")) }];
    })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...emoji }) => emoji);
}

/** The emojis whose name or a keyword contains every word typed (case and accents ignored). */
export function searchEmojis(emojis: readonly PickerEmoji[], query: string): PickerEmoji[] {
  const words = foldSearchText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...emojis];
  return emojis.filter((item) => words.every((word) => item.terms.includes(word)));
}

/** Loads the dataset of the user's language (a chunk of its own, fetched when the picker first opens). */
export async function loadPickerEmojis(language: Language): Promise<PickerEmoji[]> {
  const module =
    language === "en" ? await import("emojibase-data/en/compact.json") : language === "es" ? await import("emojibase-data/es/compact.json") : await import("emojibase-data/pt/compact.json");
  return toPickerEmojis(module.default);
}
