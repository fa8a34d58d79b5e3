import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import InputLabel from "@mui/material/InputLabel";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import OutlinedInput from "@mui/material/OutlinedInput";
import Select from "@mui/material/Select";
import { useTranslation } from "react-i18next";

interface QueueFilterProps {
  options: readonly { id: number; name: string }[];
  value: number[];
  onChange: (queueIds: number[]) => void;
}

/** The board's queue filter: none chosen shows every queue the user's inbox shows. */
export function QueueFilter({ options, value, onChange }: QueueFilterProps) {
  const { t } = useTranslation();
  if (options.length === 0) return null;
  const names = new Map(options.map((queue) => [queue.id, queue.name]));
  return (
    <FormControl size="small" sx={{ minWidth: 200, maxWidth: 320 }}>
      <InputLabel id="kanban-queues-label" shrink>{t("kanban.queues")}</InputLabel>
      <Select<number[]>
        labelId="kanban-queues-label"
        multiple
        value={value}
        onChange={(event) => onChange(typeof event.target.value === "string" ? [] : event.target.value)}
        input={<OutlinedInput notched label={t("kanban.queues")} />}
        displayEmpty
        renderValue={(selected) => (selected.length === 0 ? t("kanban.allQueues") : selected.map((id) => names.get(id) ?? id).join(", "))}
      >
        {options.map((queue) => (
          <MenuItem key={queue.id} value={queue.id}>
            <Checkbox size="small" checked={value.includes(queue.id)} />
            <ListItemText primary={queue.name} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
