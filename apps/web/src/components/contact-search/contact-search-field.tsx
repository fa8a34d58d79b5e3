import { TIMINGS } from "@conversa/shared";
import PersonAdd from "@mui/icons-material/PersonAdd";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDebouncedValue } from "../../lib/use-debounced-value.ts";
import { CONTACT_SEARCH_MIN_LENGTH, type ContactOption, useContactSearch } from "./search-contacts.ts";

type Choice = { kind: "contact"; contact: ContactOption } | { kind: "add"; name: string };

interface ContactSearchFieldProps {
  value: ContactOption | null;
  onChange: (contact: ContactOption | null) => void;
  label: string;
  /** When given, a search that finds nobody offers "Add {name}" with the typed text. */
  onAdd?: (name: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Finds a contact by name or number: the search starts at 3 characters, 500 ms after typing stops, and
 * asks for the lowercased text (spec core §5, §9). Choosing a contact writes its name in the field.
 */
export function ContactSearchField({ value, onChange, label, onAdd, error, disabled = false, autoFocus = false }: ContactSearchFieldProps) {
  const { t } = useTranslation();
  const [inputValue, setInputValue] = useState(value?.name ?? "");
  const [shownId, setShownId] = useState(value?.id ?? null);
  // A contact chosen from outside (e.g. one just added) shows its name, as if it had been picked here.
  if ((value?.id ?? null) !== shownId) {
    setShownId(value?.id ?? null);
    if (value) setInputValue(value.name);
  }
  const typed = inputValue.trim();
  const searchParam = useDebouncedValue(typed.toLowerCase(), TIMINGS.searchDebounceMs);
  const contacts = useContactSearch(searchParam);
  const isSearchReady = searchParam.length >= CONTACT_SEARCH_MIN_LENGTH && searchParam === typed.toLowerCase();
  const options = useMemo<Choice[]>(() => {
    if (!isSearchReady || !contacts.isSuccess) return [];
    const found: Choice[] = contacts.data.map((contact) => ({ kind: "contact", contact }));
    return found.length === 0 && onAdd ? [{ kind: "add", name: typed }] : found;
  }, [contacts.data, contacts.isSuccess, isSearchReady, onAdd, typed]);
  const chosen: Choice | null = value ? { kind: "contact", contact: value } : null;

  return (
    <Autocomplete<Choice>
      value={chosen}
      inputValue={inputValue}
      onInputChange={(_event, next) => setInputValue(next)}
      onChange={(_event, choice) => {
        if (choice?.kind === "add") onAdd?.(choice.name);
        else onChange(choice?.contact ?? null);
      }}
      options={options}
      filterOptions={(list) => list}
      getOptionLabel={(choice) => (choice.kind === "contact" ? choice.contact.name : choice.name)}
      getOptionKey={(choice) => (choice.kind === "contact" ? choice.contact.id : `add:${choice.name}`)}
      isOptionEqualToValue={(a, b) => a.kind === "contact" && b.kind === "contact" && a.contact.id === b.contact.id}
      loading={typed.length >= CONTACT_SEARCH_MIN_LENGTH && (!isSearchReady || contacts.isFetching)}
      disabled={disabled}
      noOptionsText={typed.length < CONTACT_SEARCH_MIN_LENGTH ? t("contactSearch.typeMore", { count: CONTACT_SEARCH_MIN_LENGTH }) : t("contactSearch.noContacts")}
      loadingText={t("common.loading")}
      renderOption={({ key, ...props }, choice) => (
        <li key={key} {...props}>
          {choice.kind === "contact" ? (
            <Box>
              <Box component="span" sx={{ display: "block" }}>
                {choice.contact.name}
              </Box>
              <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: 13 }}>
                {choice.contact.number}
              </Box>
            </Box>
          ) : (
            <Box sx={{ display: "flex", alignItems: "center", gap: 1, color: "primary.main" }}>
              <PersonAdd fontSize="small" />
              {t("contactSearch.add", { name: choice.name })}
            </Box>
          )}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? (disabled ? undefined : t("contactSearch.hint", { count: CONTACT_SEARCH_MIN_LENGTH }))}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {contacts.isFetching ? <CircularProgress color="inherit" size={18} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
