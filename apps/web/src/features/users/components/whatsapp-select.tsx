import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useConnectionOptions } from "../api/list-options.ts";

interface WhatsappSelectProps {
  value: number | null;
  onChange: (id: number | null) => void;
  onBlur: () => void;
}

/** The user's default connection, or none. */
export function WhatsappSelect({ value, onChange, onBlur }: WhatsappSelectProps) {
  const { t } = useTranslation();
  const connections = useConnectionOptions();
  const list = connections.data ?? [];
  // Until the list arrives a stored id has no option: show it empty rather than warn of an unknown value.
  const shown = value !== null && list.some((connection) => connection.id === value) ? value : "";
  return (
    <TextField
      select
      label={t("users.form.whatsapp")}
      fullWidth
      name="whatsappId"
      value={shown}
      onChange={(event) => onChange(event.target.value === "" ? null : Number(event.target.value))}
      onBlur={onBlur}
    >
      <MenuItem value="">
        <em>{t("users.form.noWhatsapp")}</em>
      </MenuItem>
      {list.map((connection) => (
        <MenuItem key={connection.id} value={connection.id}>
          {connection.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
