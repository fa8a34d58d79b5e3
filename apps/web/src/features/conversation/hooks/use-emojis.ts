import { useQuery } from "@tanstack/react-query";
import { currentLanguage } from "../../../lib/i18n.ts";
import { loadPickerEmojis } from "../utils/emoji-data.ts";

/** The emoji dataset of the user's language, loaded once when the picker first opens. */
export function useEmojis() {
  const language = currentLanguage();
  return useQuery({ queryKey: ["conversation", "emojis", language], queryFn: () => loadPickerEmojis(language), staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY });
}
