import type { DistributionRule, Queue, RulePreview } from "@conversa/shared";
import AddIcon from "@mui/icons-material/Add";
import HistoryIcon from "@mui/icons-material/History";
import RestartAltIcon from "@mui/icons-material/RestartAlt";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../../../components/confirmation-dialog.tsx";
import { EditDeleteActions, ListStateRows, RowAction, RowActionsCell } from "../../../../components/list/index.ts";
import { errorMessage } from "../../../../lib/error-message.ts";
import { showFormError, stateFormFields } from "../../../../lib/form-errors.ts";
import { showToast } from "../../../../lib/toast.ts";
import { useDistributionLogs } from "../../api/distribution-logs.ts";
import { useAllQueues } from "../../api/list-all-queues.ts";
import { useCompanyUsers } from "../../api/queue-distribution.ts";
import { useDeleteRule, usePreviewRules, useResetRulePointer, useRules } from "../../api/rules.ts";
import { useStores } from "../../api/stores.ts";
import { LogsTable } from "./logs-table.tsx";
import { RuleDialog } from "./rule-dialog.tsx";

/** The rules tab (spec admin §2): a store's rules with add, edit, delete, round-robin reset and history, and the preview. */
export function RulesTab() {
  const { t } = useTranslation();
  const stores = useStores();
  const queues = useAllQueues();
  const users = useCompanyUsers();
  const [storeId, setStoreId] = useState<number | null>(null);
  const selected = storeId ?? stores.data?.[0]?.id ?? null;
  const rules = useRules(selected);
  const deletion = useDeleteRule();
  const reset = useResetRulePointer();
  const [editing, setEditing] = useState<DistributionRule | "new" | null>(null);
  const [toDelete, setToDelete] = useState<DistributionRule | null>(null);
  const [history, setHistory] = useState<DistributionRule | null>(null);
  const userName = (id: number | null) => (id === null ? "—" : (users.data?.find((user) => user.id === id)?.name ?? `#${id}`));
  const queueName = (id: number | null) => (id === null ? t("distribution.rules.sameQueue") : (queues.data?.find((queue) => queue.id === id)?.name ?? `#${id}`));

  useEffect(() => {
    if (stores.isError || queues.isError) showToast(t("distribution.toasts.loadFailed"), "error");
  }, [stores.isError, queues.isError, t]);

  if (stores.data && stores.data.length === 0) return <Alert severity="info">{t("distribution.rules.noStores")}</Alert>;

  const confirmDelete = () => {
    if (!toDelete || selected === null) return;
    deletion.mutate(
      { storeId: selected, ruleId: toDelete.id },
      { onSuccess: () => setToDelete(null), onError: () => showToast(t("distribution.toasts.deleteRuleFailed"), "error") },
    );
  };

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} sx={{ alignItems: { sm: "center" } }}>
        <TextField select size="small" label={t("distribution.rules.store")} value={selected ?? ""} onChange={(e) => setStoreId(Number(e.target.value))} sx={{ minWidth: 240 }}>
          {(stores.data ?? []).map((store) => (
            <MenuItem key={store.id} value={store.id}>
              {store.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} disabled={selected === null} onClick={() => setEditing("new")}>
          {t("distribution.rules.add")}
        </Button>
      </Stack>
      <Table size="small" aria-label={t("distribution.tabs.rules")}>
        <TableHead>
          <TableRow>
            <TableCell align="center">#</TableCell>
            <TableCell>{t("distribution.rules.name")}</TableCell>
            <TableCell>{t("distribution.rules.match")}</TableCell>
            <TableCell>{t("distribution.rules.strategy")}</TableCell>
            <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{t("distribution.rules.queue")}</TableCell>
            <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{t("distribution.rules.users")}</TableCell>
            <TableCell align="right">{t("list.actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <ListStateRows columns={7} isLoading={rules.isPending && selected !== null} isError={rules.isError} isEmpty={rules.data?.length === 0} onRetry={() => void rules.refetch()} />
          {(rules.data ?? []).map((rule, index) => (
            <TableRow key={rule.id} hover data-rule-id={rule.id}>
              {/* The order the rules are tried in, counted from 1. */}
              <TableCell align="center">{index + 1}</TableCell>
              <TableCell sx={{ fontWeight: 500 }}>{rule.name}</TableCell>
              <TableCell>
                <Chip size="small" variant="outlined" label={t(`distribution.matchTypes.${rule.matchType}`)} sx={{ mr: 1 }} />
                <Typography component="span" variant="body2" sx={{ fontFamily: rule.matchType === "regex" ? "monospace" : undefined }}>
                  {rule.match}
                </Typography>
              </TableCell>
              <TableCell>
                {t(`distribution.strategies.${rule.strategy}`)}
                {rule.onlineOnly ? <Chip size="small" label={t("distribution.rules.onlineOnlyShort")} sx={{ ml: 1 }} /> : null}
                {rule.strategy === "round_robin" ? (
                  <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
                    {t("distribution.rules.lastTurn", { name: userName(rule.rrLastUserId) })}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{queueName(rule.queueId)}</TableCell>
              <TableCell sx={{ display: { xs: "none", md: "table-cell" } }}>{rule.userIds.length ? rule.userIds.map(userName).join(", ") : t("distribution.rules.queueUsers")}</TableCell>
              <RowActionsCell>
                <RowAction label={t("distribution.rules.history")} subject={rule.name} icon={<HistoryIcon fontSize="small" />} onClick={() => setHistory(rule)} />
                {rule.strategy === "round_robin" ? (
                  <RowAction
                    label={t("distribution.rules.resetPointer")}
                    subject={rule.name}
                    icon={<RestartAltIcon fontSize="small" />}
                    onClick={() =>
                      selected !== null &&
                      reset.mutate({ storeId: selected, ruleId: rule.id }, { onSuccess: () => showToast(t("distribution.rules.pointerReset"), "success"), onError: (error) => showToast(errorMessage(error), "error") })
                    }
                  />
                ) : null}
                <EditDeleteActions subject={rule.name} onEdit={() => setEditing(rule)} onDelete={() => setToDelete(rule)} />
              </RowActionsCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {selected !== null ? <PreviewForm storeId={selected} queues={queues.data ?? []} userName={userName} /> : null}
      {editing !== null && selected !== null ? (
        <RuleDialog storeId={selected} rule={editing === "new" ? null : editing} queues={queues.data ?? []} users={users.data ?? []} onClose={() => setEditing(null)} />
      ) : null}
      {history ? <RuleHistoryDialog rule={history} onClose={() => setHistory(null)} /> : null}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t("distribution.rules.confirmDelete", { name: toDelete?.name ?? "" })}
        message={t("distribution.rules.confirmDeleteMessage")}
        confirmLabel={t("distribution.delete")}
        loading={deletion.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}

/** Message and queue → the matched rule, the candidates and the recommended user, from the code that routes tickets. */
function PreviewForm({ storeId, queues, userName }: { storeId: number; queues: readonly Queue[]; userName: (id: number | null) => string }) {
  const { t } = useTranslation();
  const preview = usePreviewRules();
  const [message, setMessage] = useState("");
  const [queueId, setQueueId] = useState<number | null>(null);
  const [result, setResult] = useState<RulePreview | null>(null);
  const [errors, setErrors] = useState<Partial<Record<"message" | "queueId", string>>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    preview.mutate(
      { storeId, message, queueId },
      {
        onSuccess: setResult,
        // The catalogue's toast, and each refused field under that field.
        onError: (error) => showFormError(error, stateFormFields(["message", "queueId"], (field, text) => setErrors((current) => ({ ...current, [field]: text }))), "querystring"),
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="distribution-preview-title">
      <Typography id="distribution-preview-title" variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
        {t("distribution.preview.title")}
      </Typography>
      <Stack component="form" onSubmit={submit} direction={{ xs: "column", md: "row" }} spacing={2} sx={{ alignItems: { md: "flex-start" } }}>
        <TextField
          size="small"
          label={t("distribution.preview.message")}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.message !== undefined}
          helperText={errors.message}
          fullWidth
        />
        <TextField
          select
          size="small"
          label={t("distribution.preview.queue")}
          value={queueId ?? ""}
          onChange={(e) => setQueueId(e.target.value === "" ? null : Number(e.target.value))}
          error={errors.queueId !== undefined}
          helperText={errors.queueId}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">—</MenuItem>
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" loading={preview.isPending}>
          {t("distribution.preview.run")}
        </Button>
      </Stack>
      {result ? (
        <Box sx={{ mt: 2 }} data-testid="preview-result">
          <Typography variant="body2">
            {t("distribution.preview.matchedRule")}: <strong>{result.matchedRule?.name ?? t("distribution.preview.noRule")}</strong>
          </Typography>
          <Typography variant="body2">
            {t("distribution.preview.targetQueue")}:{" "}
            <strong>{result.queueId === null ? t("distribution.preview.noQueue") : (queues.find((queue) => queue.id === result.queueId)?.name ?? "—")}</strong>
            {result.strategy ? ` · ${t(`distribution.strategies.${result.strategy}`)}` : ""}
          </Typography>
          <Typography variant="body2" data-testid="preview-recommended">
            {t("distribution.preview.recommended")}: <strong>{result.recommendedUserId === null ? t("distribution.preview.nobody") : userName(result.recommendedUserId)}</strong>
          </Typography>
          <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: "wrap", rowGap: 1 }}>
            {result.candidates.map((candidate) => (
              <Chip
                key={candidate.id}
                size="small"
                color={candidate.id === result.recommendedUserId ? "success" : "default"}
                variant={candidate.eligible ? "filled" : "outlined"}
                label={t("distribution.preview.candidate", { name: candidate.name, load: candidate.load, state: t(candidate.online ? "distribution.online" : "distribution.offline") })}
              />
            ))}
          </Stack>
        </Box>
      ) : null}
    </Paper>
  );
}

/** A rule's decisions of the last 30 days (50 at most). */
function RuleHistoryDialog({ rule, onClose }: { rule: DistributionRule; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const logs = useDistributionLogs({ ruleId: rule.id, limit: 50 });
  useEffect(() => {
    if (logs.isError) showToast(t("distribution.toasts.historyFailed"), "error");
  }, [logs.isError, t]);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t("distribution.rules.historyTitle", { name: rule.name })}</DialogTitle>
      <DialogContent>
        <LogsTable logs={logs.data ?? []} isLoading={logs.isPending} isError={logs.isError} onRetry={() => void logs.refetch()} label={t("distribution.rules.history")} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("distribution.close")}</Button>
      </DialogActions>
    </Dialog>
  );
}
