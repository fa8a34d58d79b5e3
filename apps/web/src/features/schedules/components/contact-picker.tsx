import { TIMINGS } from "@conversa/shared";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CONTACT_SEARCH_MIN_LENGTH, type ScheduleContactOption, useScheduleContactSearch } from "../api/search-contacts.ts";
import { useDebouncedValue } from "../hooks/use-debounced-value.ts";

interface ContactPickerProps {
  value: ScheduleContactOption | null;
  onChange: (contact: ScheduleContactOption | null) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

/** Finds a contact by name or number: the search starts at 3 characters, 500 ms after typing stops (spec core §9). */
export function ContactPicker({ value, onChange, error, disabled = false, autoFocus = false }: ContactPickerProps) {
  const { t } = useTranslation();
  const [inputValue, setInputValue] = useState(value?.name ?? "");
  const typed = inputValue.trim().toLowerCase();
  const searchParam = useDebouncedValue(typed, TIMINGS.searchDebounceMs);
  const contacts = useScheduleContactSearch(searchParam);
  const isSearchReady = searchParam.length >= CONTACT_SEARCH_MIN_LENGTH && searchParam === typed;
  const options = isSearchReady && contacts.isSuccess ? contacts.data : [];
  const isLoading = typed.length >= CONTACT_SEARCH_MIN_LENGTH && (!isSearchReady || contacts.isFetching);

  return (
    <Autocomplete<ScheduleContactOption>
      value={value}
      inputValue={inputValue}
      onInputChange={(_event, next) => setInputValue(next)}
      onChange={(_event, contact) => onChange(contact)}
      options={options}
      filterOptions={(list) => list}
      getOptionLabel={(contact) => contact.name}
      getOptionKey={(contact) => contact.id}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={isLoading}
      disabled={disabled}
      noOptionsText={typed.length < CONTACT_SEARCH_MIN_LENGTH ? t("schedules.dialog.typeMore", { count: CONTACT_SEARCH_MIN_LENGTH }) : t("schedules.dialog.noContacts")}
      loadingText={t("common.loading")}
      renderOption={({ key, ...props }, contact) => (
        <li key={key} {...props}>
          <Box>
            <Box component="span" sx={{ display: "block" }}>
              {contact.name}
            </Box>
            <Box component="span" sx={{ display: "block", color: "text.secondary", fontSize: 13 }}>
              {contact.number}
            </Box>
          </Box>
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("schedules.dialog.contact")}
          required
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? (disabled ? undefined : t("schedules.dialog.contactHint", { count: CONTACT_SEARCH_MIN_LENGTH }))}
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
