import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useEmojis } from "../hooks/use-emojis.ts";
import { EMOJI_CATEGORIES, type EmojiCategory, searchEmojis } from "../utils/emoji-data.ts";

/** The emoji that stands for each category on its tab. */
const CATEGORY_ICONS: Record<EmojiCategory, string> = { smileys: "😀", people: "👋", nature: "🐶", food: "🍔", travel: "✈️", activities: "⚽", objects: "💡", symbols: "🔣", flags: "🏁" };

const EMOJI_FONT = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';

/**
 * The composer's emoji picker: a search by name or keyword in the user's language, and the emojis by
 * category. Loaded on first use (its data is a chunk of its own); picking inserts and keeps it open.
 */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t } = useTranslation();
  const emojis = useEmojis();
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState<EmojiCategory>("smileys");
  const searching = query.trim() !== "";
  const shown = useMemo(() => {
    const all = emojis.data ?? [];
    return searching ? searchEmojis(all, query) : all.filter((item) => item.category === category);
  }, [emojis.data, query, category, searching]);

  return (
    <Box sx={{ width: 340, display: "flex", flexDirection: "column" }} data-testid="emoji-picker">
      <Box sx={{ p: 1 }}>
        <TextField
          autoFocus
          size="small"
          fullWidth
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("composer.emojiSearch")}
          slotProps={{ htmlInput: { "aria-label": t("composer.emojiSearch") } }}
        />
      </Box>
      {searching ? null : (
        <Tabs
          value={category}
          onChange={(_event, value: EmojiCategory) => setCategory(value)}
          variant="scrollable"
          scrollButtons={false}
          aria-label={t("composer.emojiCategoriesLabel")}
          sx={{ minHeight: 36, px: 0.5, "& .MuiTab-root": { minWidth: 36, minHeight: 36, px: 0.5, fontSize: 20, fontFamily: EMOJI_FONT } }}
        >
          {EMOJI_CATEGORIES.map((key) => (
            <Tab key={key} value={key} label={CATEGORY_ICONS[key]} aria-label={t(`composer.emojiCategories.${key}`)} title={t(`composer.emojiCategories.${key}`)} />
          ))}
        </Tabs>
      )}
      <Box sx={{ height: 248, overflowY: "auto", px: 1, pb: 1, borderTop: 1, borderColor: "divider" }}>
        {emojis.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", pt: 4 }}>
            <CircularProgress size={24} aria-label={t("common.loading")} />
          </Box>
        ) : shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ pt: 3, textAlign: "center" }}>
            {t("composer.emojiNone")}
          </Typography>
        ) : (
          <Box role="group" aria-label={searching ? t("composer.emojiResults") : t(`composer.emojiCategories.${category}`)} sx={{ display: "grid", gridTemplateColumns: "repeat(8, 1fr)", pt: 0.5 }}>
            {shown.map((item) => (
              <Box
                component="button"
                type="button"
                key={item.emoji}
                title={item.label}
                aria-label={item.label}
                onClick={() => onPick(item.emoji)}
                sx={{ border: 0, bgcolor: "transparent", borderRadius: 1, cursor: "pointer", fontSize: 24, lineHeight: "38px", height: 38, p: 0, fontFamily: EMOJI_FONT, "&:hover, &:focus-visible": { bgcolor: "action.hover", outline: "none" } }}
              >
                {item.emoji}
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
