import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useTranslation } from "react-i18next";
import { useQueueOptions } from "../api/list-options.ts";

interface QueuesSelectProps {
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur: () => void;
}

/** The user's queues: several of the company's queues, shown as coloured chips. */
export function QueuesSelect({ value, onChange, onBlur }: QueuesSelectProps) {
  const { t } = useTranslation();
  const queues = useQueueOptions();
  const list = queues.data ?? [];
  const queueOf = (id: number) => list.find((queue) => queue.id === id);
  return (
    <TextField
      select
      label={t("users.form.queues")}
      fullWidth
      name="queueIds"
      value={value}
      onChange={(event) => {
        const selected: unknown = event.target.value;
        onChange(Array.isArray(selected) ? selected.map(Number) : []);
      }}
      onBlur={onBlur}
      helperText={queues.isSuccess && list.length === 0 ? t("users.form.noQueuesAvailable") : undefined}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
              {(Array.isArray(selected) ? selected.map(Number) : []).map((id) => (
                <Chip key={id} size="small" label={queueOf(id)?.name ?? String(id)} sx={{ borderLeft: 4, borderColor: queueOf(id)?.color ?? "divider" }} />
              ))}
            </Box>
          ),
        },
      }}
    >
      {list.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          <Box component="span" sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color, mr: 1, flexShrink: 0 }} />
          {queue.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
