import type { Ticket } from "@conversa/shared";
import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import Chip from "@mui/material/Chip";
import type { Theme } from "@mui/material/styles";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCreateTag } from "../api/create-tag.ts";
import { useTags } from "../api/list-tags.ts";
import { useSyncTags } from "../api/sync-tags.ts";

interface TagOption {
  /** null: a tag to create with this name. */
  id: number | null;
  name: string;
  color: string;
}

const filter = createFilterOptions<TagOption>();

/** Text colour readable on a tag's colour (a colour MUI cannot parse keeps the theme's text colour). */
function readableOn(theme: Theme, color: string): string {
  try {
    return theme.palette.getContrastText(color);
  } catch {
    return theme.palette.text.primary;
  }
}

/**
 * The ticket's tags: pick existing ones, or (for those who manage tags, `canCreate`) type a new name to
 * create it; each change is saved at once.
 */
export function TagPicker({ ticket, canCreate }: { ticket: Ticket; canCreate: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const tags = useTags();
  const createTag = useCreateTag();
  const syncTags = useSyncTags();
  const [pending, setPending] = useState<TagOption[] | null>(null);
  const value: TagOption[] = pending ?? ticket.tags;
  const options: TagOption[] = tags.data ?? [];

  const save = async (next: TagOption[]) => {
    setPending(next);
    try {
      const ids: number[] = [];
      for (const option of next) {
        if (option.id !== null) ids.push(option.id);
        else ids.push((await createTag.mutateAsync(option.name)).id);
      }
      await syncTags.mutateAsync({ ticketId: ticket.id, tagIds: [...new Set(ids)] });
    } catch {
      // The query client's error toast told the user; the saved tags show again.
    } finally {
      setPending(null);
    }
  };

  return (
    <Autocomplete
      multiple
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={value}
      loading={tags.isFetching}
      disabled={pending !== null}
      onChange={(_event, next) => void save(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, current) => (option.id !== null ? option.id === current.id : option.name === current.name)}
      filterOptions={(list, state) => {
        const filtered = filter(list, state);
        const name = state.inputValue.trim();
        const exists = list.some((option) => option.name.toLowerCase() === name.toLowerCase());
        if (canCreate && name && !exists) filtered.push({ id: null, name, color: "" });
        return filtered;
      }}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {option.id === null ? t("conversation.tags.create", { name: option.name }) : option.name}
        </li>
      )}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={option.name}
              sx={option.color ? { bgcolor: option.color, color: (theme) => readableOn(theme, option.color) } : undefined}
            />
          );
        })
      }
      noOptionsText={t("conversation.tags.noOptions")}
      renderInput={(params) => <TextField {...params} label={t("conversation.tags.label")} placeholder={value.length ? undefined : t("conversation.tags.placeholder")} />}
      sx={{ flex: 1, minWidth: 0 }}
    />
  );
}
