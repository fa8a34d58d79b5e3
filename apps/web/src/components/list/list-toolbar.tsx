import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface ListToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  /** Shown when set; hidden for people who may not add. */
  onAdd?: () => void;
  addLabel?: string;
  /** Further filters or actions between the search box and the add button. */
  children?: ReactNode;
}

/** The search box, extra controls and add button above every list page. */
export function ListToolbar({ search, onSearchChange, onAdd, addLabel, children }: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1.5, mb: 2 }}>
      <TextField
        size="small"
        type="search"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        placeholder={t("list.search")}
        sx={{ flex: "1 1 220px", maxWidth: 360 }}
        slotProps={{
          htmlInput: { "aria-label": t("list.search") },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box sx={{ flex: 1 }} />
      {children}
      {onAdd && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
          {addLabel ?? t("list.add")}
        </Button>
      )}
    </Box>
  );
}
