import { DISTRIBUTION_STRATEGIES, type DistributionStrategy, type Queue, type QueueConfigBody } from "@conversa/shared";
import Autocomplete from "@mui/material/Autocomplete";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showFormError, stateFormFields } from "../../../../lib/form-errors.ts";
import { showToast } from "../../../../lib/toast.ts";
import { useQueueConfig, useQueueMetrics, useQueueUsers, useSaveQueueConfig } from "../../api/queue-distribution.ts";
import { LogsTable } from "./logs-table.tsx";

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 120, flex: "1 1 120px" }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p">
        {value}
      </Typography>
    </Paper>
  );
}

/** A queue's Insights panel: open, pending, waiting, late, agents online, average wait, SLA share, latest decisions. */
export function QueueInsightsDialog({ queue, onClose }: { queue: Queue; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const metrics = useQueueMetrics(queue.id);
  const m = metrics.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t("distribution.insights.title", { name: queue.name })}</DialogTitle>
      <DialogContent>
        {metrics.isPending ? <CircularProgress aria-label={t("common.loading")} /> : null}
        {m ? (
          <Stack spacing={2}>
            <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: "wrap" }}>
              <Figure label={t("distribution.insights.open")} value={m.openCount} />
              <Figure label={t("distribution.insights.pending")} value={m.pendingCount} />
              <Figure label={t("distribution.insights.waiting")} value={m.waitingCount} />
              <Figure label={t("distribution.insights.agents")} value={`${m.onlineAgents} / ${m.totalAgents}`} />
              <Figure label={t("distribution.insights.avgWait")} value={m.avgWaitMinutes === null ? "—" : t("distribution.insights.minutes", { count: m.avgWaitMinutes })} />
              <Figure label={m.slaMinutesTarget === null ? t("distribution.insights.slaNone") : t("distribution.insights.sla", { minutes: m.slaMinutesTarget })} value={m.withinSlaPercent === null ? "—" : `${m.withinSlaPercent}%`} />
              <Figure label={t("distribution.insights.late")} value={m.lateCount} />
            </Stack>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t("distribution.insights.agentList")}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                {m.agents.length === 0 ? <Typography variant="body2">—</Typography> : null}
                {m.agents.map((agent) => (
                  <Chip key={agent.id} size="small" color={agent.online ? "success" : "default"} label={`${agent.name} · ${t(agent.online ? "distribution.online" : "distribution.offline")}`} />
                ))}
              </Stack>
            </Box>
            <Box>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t("distribution.insights.lastLogs")}
              </Typography>
              <LogsTable logs={m.lastLogs} isLoading={false} isError={false} onRetry={() => undefined} label={t("distribution.insights.lastLogs")} />
            </Box>
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void metrics.refetch()}>{t("distribution.refresh")}</Button>
        <Button onClick={onClose}>{t("distribution.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A queue's Config panel: default strategy, online only, limit per agent, order, SLA target, keywords. */
export function QueueConfigDialog({ queue, onClose }: { queue: Queue; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const config = useQueueConfig(queue.id);
  const users = useQueueUsers(queue.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t("distribution.config.title", { name: queue.name })}</DialogTitle>
      {config.data && users.data ? (
        <ConfigForm queueId={queue.id} initial={config.data} users={users.data} onClose={onClose} />
      ) : (
        <DialogContent>
          <CircularProgress aria-label={t("common.loading")} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ConfigForm({ queueId, initial, users, onClose }: { queueId: number; initial: Required<QueueConfigBody>; users: readonly { id: number; name: string }[]; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveQueueConfig();
  const [strategy, setStrategy] = useState<DistributionStrategy>(initial.defaultStrategy);
  const [onlineOnly, setOnlineOnly] = useState(initial.onlineOnlyDefault);
  const [maxOpen, setMaxOpen] = useState(initial.maxOpenPerAgent === null ? "" : String(initial.maxOpenPerAgent));
  const [ordered, setOrdered] = useState<number[]>(initial.defaultOrderedUserIds);
  const [sla, setSla] = useState(initial.slaMinutesTarget === null ? "" : String(initial.slaMinutesTarget));
  const [keywords, setKeywords] = useState(initial.keywords);
  const [fallback, setFallback] = useState(initial.enableFallbackToQueueKeywords);
  const [invalid, setInvalid] = useState<string | null>(null);
  const byId = new Map(users.map((user) => [user.id, user.name]));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const number = (value: string) => (value.trim() === "" ? null : /^\d{1,5}$/.test(value.trim()) && Number(value) > 0 ? Number(value) : undefined);
    const maxOpenPerAgent = number(maxOpen);
    const slaMinutesTarget = number(sla);
    if (maxOpenPerAgent === undefined || slaMinutesTarget === undefined) return setInvalid(t("queues.validation.invalidOrder"));
    save.mutate(
      {
        queueId,
        body: { defaultStrategy: strategy, onlineOnlyDefault: onlineOnly, maxOpenPerAgent, defaultOrderedUserIds: ordered, slaMinutesTarget, keywords: keywords.trim(), enableFallbackToQueueKeywords: fallback },
      },
      {
        onSuccess: () => {
          showToast(t("distribution.saved"), "success");
          onClose();
        },
        onError: (error) => showFormError(error, stateFormFields(["maxOpenPerAgent"], (_field, message) => setInvalid(message))),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField select label={t("distribution.config.strategy")} value={strategy} onChange={(e) => setStrategy(DISTRIBUTION_STRATEGIES.find((value) => value === e.target.value) ?? "least_load")}>
            {DISTRIBUTION_STRATEGIES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`distribution.strategies.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel control={<Switch checked={onlineOnly} onChange={(e) => setOnlineOnly(e.target.checked)} />} label={t("distribution.config.onlineOnly")} />
          <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
            <TextField
              label={t("distribution.config.maxOpen")}
              value={maxOpen}
              onChange={(e) => setMaxOpen(e.target.value)}
              helperText={invalid ?? t("distribution.config.maxOpenHint")}
              error={invalid !== null}
              fullWidth
              slotProps={{ htmlInput: { inputMode: "numeric" } }}
            />
            <TextField label={t("distribution.config.sla")} value={sla} onChange={(e) => setSla(e.target.value)} helperText={t("distribution.config.slaHint")} fullWidth slotProps={{ htmlInput: { inputMode: "numeric" } }} />
          </Stack>
          <Autocomplete
            multiple
            options={users.map((user) => user.id)}
            value={ordered}
            onChange={(_event, ids) => setOrdered(ids)}
            getOptionLabel={(id) => byId.get(id) ?? `#${id}`}
            renderInput={(params) => <TextField {...params} label={t("distribution.config.order")} helperText={t("distribution.config.orderHint")} />}
          />
          <TextField label={t("distribution.config.keywords")} value={keywords} onChange={(e) => setKeywords(e.target.value)} helperText={t("distribution.config.keywordsHint")} />
          <FormControlLabel control={<Switch checked={fallback} onChange={(e) => setFallback(e.target.checked)} />} label={t("distribution.config.fallback")} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t("distribution.save")}
        </Button>
      </DialogActions>
    </form>
  );
}
