import type { SimulatorConnection } from "@conversa/shared";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";

interface ConnectionPickerProps {
  connections: SimulatorConnection[];
  value: number | null;
  onChange(id: number): void;
}

/** Picks the simulator connection (of any company) to play. */
export function ConnectionPicker({ connections, value, onChange }: ConnectionPickerProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t("simulator.connection")}
      value={value ?? ""}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 260 }}
    >
      {connections.map((connection) => (
        <MenuItem key={connection.id} value={connection.id}>
          {t("simulator.companyConnection", { company: connection.companyName, name: connection.name })}
        </MenuItem>
      ))}
    </TextField>
  );
}
