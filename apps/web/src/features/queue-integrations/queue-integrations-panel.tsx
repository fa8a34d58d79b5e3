import {
  INTEGRATION_LANGUAGES,
  INTEGRATION_TYPES,
  type IntegrationType,
  type QueueIntegration,
  type QueueIntegrationBody,
  TIMINGS,
  TYPEBOT_DEFAULTS,
  ZListQueueIntegrationsResponse,
  ZOkResponse,
  ZQueueIntegration,
  ZTestSessionResponse,
} from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmationDialog } from "../../components/confirmation-dialog.tsx";
import {
  EditDeleteActions,
  InfiniteListArea,
  ListStateRows,
  ListToolbar,
  RowActionsCell,
  nameMatchesListSearch,
  useInfiniteList,
  useListSearch,
  useLiveRecords,
  useRecordEditing,
} from "../../components/list/index.ts";
import { PageContainer } from "../../components/page-container.tsx";
import { apiRequest } from "../../lib/api-client.ts";
import { showFormError, stateFormFields } from "../../lib/form-errors.ts";
import { showToast, toastError } from "../../lib/toast.ts";

const LIST_KEY = ["queueIntegrations", "list"] as const;

/** A mark per type, in the type's own colour. */
const LOGOS: Record<IntegrationType, { label: string; color: string }> = {
  dialogflow: { label: "DF", color: "#FF9800" },
  n8n: { label: "n8n", color: "#EA4B71" },
  webhook: { label: "WH", color: "#546E7A" },
  typebot: { label: "TB", color: "#0042DA" },
};

export function IntegrationLogo({ type }: { type: IntegrationType }) {
  const logo = LOGOS[type];
  return (
    <Avatar variant="rounded" aria-label={type} sx={{ width: 32, height: 32, fontSize: "0.7rem", fontWeight: 700, bgcolor: logo.color, color: "#fff" }}>
      {logo.label}
    </Avatar>
  );
}

function useDeleteIntegration() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/queueIntegration/${id}`, ZOkResponse, { method: "DELETE" }),
    onSuccess: async () => {
      showToast(t("integrations.deleted"), "info");
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/** The queue integrations page (spec admin §2): logo per type, id, name and actions. */
export function QueueIntegrationsPanel() {
  const { t } = useTranslation();
  const search = useListSearch();
  const list = useInfiniteList<QueueIntegration>({
    queryKey: [...LIST_KEY, search.searchParam],
    fetchPage: async (pageNumber, signal) => {
      const page = await apiRequest("/queueIntegration", ZListQueueIntegrationsResponse, { query: { searchParam: search.searchParam || undefined, pageNumber }, signal });
      return { records: page.queueIntegrations, hasMore: page.hasMore };
    },
  });
  // Integrations created, changed or deleted by another admin appear here without a reload.
  useLiveRecords("queueIntegration", { queryKeyPrefix: LIST_KEY, schema: ZQueueIntegration, belongs: nameMatchesListSearch });
  const deletion = useDeleteIntegration();
  const editing = useRecordEditing<QueueIntegration>(deletion);
  const current = list.records.find((r) => r.id === editing.editor.id);
  return (
    <PageContainer title={t("menu.queueIntegration")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("integrations.add")} />
      <InfiniteListArea hasMore={list.hasMore} isFetchingMore={list.isFetchingMore} onLoadMore={list.loadMore} label={t("menu.queueIntegration")}>
        <Table size="small" stickyHeader aria-label={t("menu.queueIntegration")}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 56 }} />
              <TableCell sx={{ width: 80 }}>{t("integrations.columns.id")}</TableCell>
              <TableCell>{t("integrations.columns.name")}</TableCell>
              <TableCell align="right">{t("list.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <ListStateRows columns={4} isLoading={list.isLoading} isError={list.isError} isEmpty={!list.isLoading && list.records.length === 0} onRetry={list.refetch} />
            {list.records.map((integration) => (
              <TableRow key={integration.id} hover>
                <TableCell>
                  <IntegrationLogo type={integration.type} />
                </TableCell>
                <TableCell>{integration.id}</TableCell>
                <TableCell>{integration.name}</TableCell>
                <RowActionsCell>
                  <EditDeleteActions subject={integration.name} onEdit={() => editing.edit(integration)} onDelete={() => editing.askDelete(integration)} />
                </RowActionsCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </InfiniteListArea>
      {editing.editor.open && <IntegrationDialog integration={editing.editor.id === null ? undefined : current} onClose={editing.closeEditor} />}
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("integrations.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("integrations.confirmDelete.message")}
        confirmLabel={t("integrations.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}

type Form = Omit<QueueIntegrationBody, "renewSecret" | "typebotExpires" | "typebotDelayMessage" | "jsonContent"> & { jsonContent: string; typebotExpires: string; typebotDelayMessage: string };

function formOf(integration: QueueIntegration | undefined): Form {
  return {
    type: integration?.type ?? "typebot",
    name: integration?.name ?? "",
    projectName: integration?.projectName ?? "",
    jsonContent: "",
    language: (integration?.language as Form["language"] | undefined) ?? "pt-BR",
    urlN8N: integration?.urlN8N ?? "",
    typebotSlug: integration?.typebotSlug ?? "",
    typebotExpires: String(integration?.typebotExpires ?? TYPEBOT_DEFAULTS.typebotExpires),
    typebotDelayMessage: String(integration?.typebotDelayMessage ?? TYPEBOT_DEFAULTS.typebotDelayMessage),
    typebotKeywordFinish: integration?.typebotKeywordFinish ?? "",
    typebotKeywordRestart: integration?.typebotKeywordRestart ?? "",
    typebotUnknownMessage: integration?.typebotUnknownMessage ?? "",
    typebotRestartMessage: integration?.typebotRestartMessage ?? "",
  };
}

/** The fields the dialog shows a server refusal under. */
const FORM_FIELDS: readonly (keyof Form)[] = ["name", "projectName", "jsonContent", "language", "urlN8N", "typebotSlug", "typebotExpires", "typebotDelayMessage", "typebotKeywordFinish", "typebotKeywordRestart", "typebotUnknownMessage", "typebotRestartMessage"];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function IntegrationDialog({ integration, onClose }: { integration: QueueIntegration | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(integration));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [secret, setSecret] = useState<string | undefined>();
  const [testing, setTesting] = useState(false);
  const [testAnswer, setTestAnswer] = useState<{ text: string; ok: boolean } | undefined>();
  const set = (key: keyof Form) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setForm((c) => ({ ...c, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const fieldProps = (key: keyof Form) => ({ value: form[key], onChange: set(key), error: Boolean(errors[key]), helperText: errors[key] });
  const bodyOf = (): QueueIntegrationBody => ({
    ...form,
    name: form.name.trim(),
    jsonContent: form.jsonContent.trim() || undefined,
    typebotExpires: Number(form.typebotExpires) || 0,
    typebotDelayMessage: Number(form.typebotDelayMessage) || 0,
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    if (name.length < 2 || name.length > 50) {
      setErrors({ name: t("integrations.form.nameLength") });
      return;
    }
    setErrors({});
    setSaving(true);
    await wait(TIMINGS.formSubmitDelayMs);
    let saved: QueueIntegration;
    try {
      saved = await (integration
        ? apiRequest(`/queueIntegration/${integration.id}`, ZQueueIntegration, { method: "PUT", body: bodyOf() })
        : apiRequest("/queueIntegration", ZQueueIntegration, { method: "POST", body: bodyOf() }));
    } catch (error) {
      // Said in the user's language, under the field the server refused; a refused address (ERR_URL_NOT_ALLOWED) names why.
      showFormError(error, stateFormFields(FORM_FIELDS, (field, message) => setErrors((current) => ({ ...current, [field]: message }))));
      setSaving(false);
      return;
    }
    setSaving(false);
    await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    showToast(t("list.saved"), "success");
    // The signing secret is shown this once: the dialog stays open until it is copied.
    if (saved.secret) setSecret(saved.secret);
    else onClose();
  };

  const test = async () => {
    setTesting(true);
    setTestAnswer(undefined);
    try {
      const body =
        form.type === "dialogflow" && form.jsonContent.trim()
          ? { ...(integration ? { integrationId: integration.id } : {}), projectName: form.projectName, jsonContent: form.jsonContent, language: form.language, message: t("integrations.test.message") }
          : { integrationId: integration!.id, message: t("integrations.test.message") };
      const answer = await apiRequest("/queueIntegration/testSession", ZTestSessionResponse, { method: "POST", body });
      setTestAnswer(answer.error ? { text: t("integrations.test.failed", { reason: t(`integrations.test.errors.${answer.error}`) }), ok: false } : { text: answer.answers.join("\n") || t("integrations.test.empty"), ok: true });
    } catch (error) {
      toastError(error);
    } finally {
      setTesting(false);
    }
  };
  const canTest = integration !== undefined || (form.type === "dialogflow" && form.projectName.trim() !== "" && form.jsonContent.trim() !== "");

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t(integration ? "integrations.dialog.editTitle" : "integrations.dialog.addTitle")}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: "contents" }}>
        <DialogContent dividers>
          {secret ? (
            <Alert severity="warning" data-testid="integration-secret">
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t("integrations.secretOnce")}
              </Typography>
              <Box component="code" sx={{ wordBreak: "break-all", fontWeight: 700 }}>
                {secret}
              </Box>
            </Alert>
          ) : (
            <Stack spacing={2}>
              <Stack direction="row" spacing={2}>
                <TextField select label={t("integrations.form.type")} value={form.type} onChange={set("type")} sx={{ minWidth: 160 }}>
                  {INTEGRATION_TYPES.map((type) => (
                    <MenuItem key={type} value={type}>
                      {type}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField label={t("integrations.form.name")} required fullWidth autoFocus {...fieldProps("name")} />
              </Stack>
              {form.type === "dialogflow" && (
                <>
                  <Stack direction="row" spacing={2}>
                    <TextField label={t("integrations.form.projectName")} required fullWidth {...fieldProps("projectName")} />
                    <TextField select label={t("integrations.form.language")} value={form.language} onChange={set("language")} sx={{ minWidth: 120 }}>
                      {INTEGRATION_LANGUAGES.map((language) => (
                        <MenuItem key={language} value={language}>
                          {language}
                        </MenuItem>
                      ))}
                    </TextField>
                  </Stack>
                  <TextField
                    label={t("integrations.form.jsonContent")}
                    fullWidth
                    multiline
                    minRows={4}
                    {...fieldProps("jsonContent")}
                    helperText={errors.jsonContent ?? (integration?.jsonClientEmail ? t("integrations.form.jsonKept", { email: integration.jsonClientEmail }) : undefined)}
                  />
                </>
              )}
              {form.type !== "dialogflow" && <TextField label={t("integrations.form.url")} required fullWidth {...fieldProps("urlN8N")} placeholder="https://" />}
              {form.type === "typebot" && (
                <>
                  <TextField label={t("integrations.form.typebotSlug")} required fullWidth {...fieldProps("typebotSlug")} />
                  <Stack direction="row" spacing={2}>
                    <TextField label={t("integrations.form.typebotExpires")} type="number" fullWidth {...fieldProps("typebotExpires")} />
                    <TextField label={t("integrations.form.typebotDelayMessage")} type="number" fullWidth {...fieldProps("typebotDelayMessage")} />
                  </Stack>
                  <Stack direction="row" spacing={2}>
                    <TextField label={t("integrations.form.typebotKeywordFinish")} fullWidth {...fieldProps("typebotKeywordFinish")} />
                    <TextField label={t("integrations.form.typebotKeywordRestart")} fullWidth {...fieldProps("typebotKeywordRestart")} />
                  </Stack>
                  <TextField label={t("integrations.form.typebotUnknownMessage")} fullWidth {...fieldProps("typebotUnknownMessage")} />
                  <TextField label={t("integrations.form.typebotRestartMessage")} fullWidth {...fieldProps("typebotRestartMessage")} />
                </>
              )}
              {testAnswer && (
                <Alert severity={testAnswer.ok ? "success" : "error"} data-testid="integration-test-answer" sx={{ whiteSpace: "pre-line" }}>
                  {testAnswer.text}
                </Alert>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {secret ? (
            <Button variant="contained" onClick={onClose}>
              {t("integrations.dialog.done")}
            </Button>
          ) : (
            <>
              <Button onClick={test} disabled={!canTest || saving} loading={testing} sx={{ mr: "auto" }}>
                {t("integrations.test.button")}
              </Button>
              <Button onClick={onClose} disabled={saving}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="contained" loading={saving}>
                {t(integration ? "integrations.dialog.save" : "integrations.dialog.add")}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
