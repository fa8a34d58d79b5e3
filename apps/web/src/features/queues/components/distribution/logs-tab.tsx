import type { ListDistributionLogsQuery } from "@conversa/shared";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../../lib/toast.ts";
import { useDistributionLogs } from "../../api/distribution-logs.ts";
import { useAllQueues } from "../../api/list-all-queues.ts";
import { useCompanyUsers } from "../../api/queue-distribution.ts";
import { useStores } from "../../api/stores.ts";
import { LogsTable } from "./logs-table.tsx";

interface Draft {
  storeId: string;
  toQueueId: string;
  fromQueueId: string;
  assignedUserId: string;
  ticketId: string;
  from: string;
  to: string;
  limit: string;
}

const EMPTY: Draft = { storeId: "", toQueueId: "", fromQueueId: "", assignedUserId: "", ticketId: "", from: "", to: "", limit: "100" };

/** The filters as the API takes them; empty ones are left out (the server's defaults: 7 days, 100 entries). */
function toQuery(draft: Draft): ListDistributionLogsQuery {
  const id = (value: string) => (/^\d+$/.test(value) ? Number(value) : undefined);
  const day = (value: string, end: boolean) => (value ? new Date(`${value}T${end ? "23:59:59.999" : "00:00:00"}`).toISOString() : undefined);
  const query: ListDistributionLogsQuery = {
    storeId: id(draft.storeId),
    toQueueId: id(draft.toQueueId),
    fromQueueId: id(draft.fromQueueId),
    assignedUserId: id(draft.assignedUserId),
    ticketId: id(draft.ticketId),
    from: day(draft.from, false),
    to: day(draft.to, true),
    limit: id(draft.limit),
  };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/** The distribution logs tab (spec admin §2, §9): filterable history, the last 7 days and 100 entries by default. */
export function LogsTab() {
  const { t } = useTranslation();
  const stores = useStores();
  const queues = useAllQueues();
  const users = useCompanyUsers();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<ListDistributionLogsQuery>(toQuery(EMPTY));
  const logs = useDistributionLogs(applied);
  useEffect(() => {
    if (logs.isError) showToast(t("distribution.toasts.historyFailed"), "error");
  }, [logs.isError, t]);

  const field = (key: keyof Draft) => ({ value: draft[key], onChange: (event: React.ChangeEvent<HTMLInputElement>) => setDraft({ ...draft, [key]: event.target.value }), size: "small" as const });
  const select = (key: keyof Draft, label: string, options: readonly { id: number; name: string }[]) => (
    <TextField select label={label} {...field(key)} sx={{ minWidth: 160 }}>
      <MenuItem value="">{t("distribution.logs.any")}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2}>
      <Stack
        component="form"
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: "wrap" }}
        onSubmit={(event) => {
          event.preventDefault();
          setApplied(toQuery(draft));
        }}
      >
        {select("storeId", t("distribution.logs.store"), stores.data ?? [])}
        {select("fromQueueId", t("distribution.logs.fromQueue"), queues.data ?? [])}
        {select("toQueueId", t("distribution.logs.toQueue"), queues.data ?? [])}
        {select("assignedUserId", t("distribution.logs.user"), users.data ?? [])}
        <TextField label={t("distribution.logs.ticket")} {...field("ticketId")} sx={{ width: 110 }} slotProps={{ htmlInput: { inputMode: "numeric" } }} />
        <TextField label={t("distribution.logs.from")} type="date" {...field("from")} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField label={t("distribution.logs.to")} type="date" {...field("to")} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField select label={t("distribution.logs.limit")} {...field("limit")} sx={{ width: 100 }}>
          {["50", "100", "200", "500"].map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained">
          {t("distribution.logs.apply")}
        </Button>
        <Button
          color="inherit"
          onClick={() => {
            setDraft(EMPTY);
            setApplied(toQuery(EMPTY));
          }}
        >
          {t("distribution.logs.clear")}
        </Button>
      </Stack>
      <LogsTable logs={logs.data ?? []} isLoading={logs.isPending} isError={logs.isError} onRetry={() => void logs.refetch()} label={t("distribution.tabs.logs")} />
    </Stack>
  );
}
