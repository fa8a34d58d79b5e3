import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";

export interface FilterOption {
  id: number;
  name: string;
  color?: string;
}

interface MultiSelectFilterProps {
  label: string;
  options: readonly FilterOption[];
  value: number[];
  onChange: (value: number[]) => void;
}

/** A compact multi-select of the list header (queues, tags, users); nothing chosen means all. */
export function MultiSelectFilter({ label, options, value, onChange }: MultiSelectFilterProps) {
  const { t } = useTranslation();
  const nameOf = (id: number) => options.find((option) => option.id === id)?.name ?? String(id);
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => {
        const next: unknown = event.target.value;
        onChange(Array.isArray(next) ? next.map(Number) : []);
      }}
      sx={{ minWidth: 0, flex: "1 1 120px" }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const ids = Array.isArray(selected) ? selected.map(Number) : [];
            return ids.length === 0 ? t("tickets.filters.all") : ids.map(nameOf).join(", ");
          },
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} dense>
          <Checkbox size="small" checked={value.includes(option.id)} sx={{ p: 0.5, mr: 1 }} />
          {option.color ? <Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: option.color, mr: 1, flexShrink: 0 }} /> : null}
          <ListItemText primary={option.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}
