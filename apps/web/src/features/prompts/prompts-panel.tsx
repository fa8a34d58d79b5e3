import { PROMPT_DEFAULTS, PROMPT_VOICES, type Prompt, type PromptBody, TIMINGS, ZListPromptsResponse, ZOkResponse, ZPrompt, ZPromptKeyRequiredDetails, ZPromptTestResponse } from "@conversa/shared";
import Alert from "@mui/material/Alert";
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
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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
import { ApiError, apiRequest } from "../../lib/api-client.ts";
import { showFormError, stateFormFields } from "../../lib/form-errors.ts";
import { showToast, toastError } from "../../lib/toast.ts";

const LIST_KEY = ["prompts", "list"] as const;

function usePromptRecords(searchParam: string) {
  return useInfiniteList<Prompt>({
    queryKey: [...LIST_KEY, searchParam],
    fetchPage: async (pageNumber, signal) => {
      const page = await apiRequest("/prompt", ZListPromptsResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
      return { records: page.prompts, hasMore: page.hasMore };
    },
  });
}

/** DELETE /prompt/{id}: the answer's message is shown as information. */
function useDeletePrompt(onQueuesChanged: (() => void) | undefined) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/prompt/${id}`, ZOkResponse, { method: "DELETE" }),
    onSuccess: async () => {
      showToast(t("prompts.deleted"), "info");
      // A deleted prompt is no longer its queue's bot.
      onQueuesChanged?.();
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
    },
  });
}

/**
 * The AI prompts page (spec admin §2): name, queue, max tokens and actions; the dialog with the
 * prompt's settings. Keys come back masked (last 4 characters) and are kept unless a new one is typed.
 * `queues` are the company's queues the dialog offers (the page reads them); `onQueuesChanged` is told when a
 * save or a deletion may have changed a queue's bot (the Setor makes the prompt its queue's bot).
 */
export function PromptsPanel({ queues, onQueuesChanged }: { queues: readonly PromptQueue[]; onQueuesChanged?: () => void }) {
  const { t } = useTranslation();
  const search = useListSearch();
  const prompts = usePromptRecords(search.searchParam);
  // Prompts created, changed or deleted by another admin appear here without a reload.
  useLiveRecords("prompt", { queryKeyPrefix: LIST_KEY, schema: ZPrompt, belongs: nameMatchesListSearch });
  const deletion = useDeletePrompt(onQueuesChanged);
  const editing = useRecordEditing<Prompt>(deletion);
  const editingPrompt = prompts.records.find((p) => p.id === editing.editor.id);
  return (
    <PageContainer title={t("menu.prompts")}>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t("prompts.creditWarning")}
      </Alert>
      <ListToolbar search={search.input} onSearchChange={search.setInput} onAdd={editing.add} addLabel={t("prompts.add")} />
      <InfiniteListArea hasMore={prompts.hasMore} isFetchingMore={prompts.isFetchingMore} onLoadMore={prompts.loadMore} label={t("menu.prompts")}>
        <Table size="small" stickyHeader aria-label={t("menu.prompts")}>
          <TableHead>
            <TableRow>
              <TableCell>{t("prompts.columns.name")}</TableCell>
              <TableCell>{t("prompts.columns.queue")}</TableCell>
              <TableCell align="center">{t("prompts.columns.maxTokens")}</TableCell>
              <TableCell align="right">{t("list.actions")}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <ListStateRows columns={4} isLoading={prompts.isLoading} isError={prompts.isError} isEmpty={!prompts.isLoading && prompts.records.length === 0} onRetry={prompts.refetch} />
            {prompts.records.map((prompt) => (
              <TableRow key={prompt.id} hover data-prompt-id={prompt.id}>
                <TableCell>{prompt.name}</TableCell>
                <TableCell>{prompt.queue?.name ?? ""}</TableCell>
                <TableCell align="center">{prompt.maxTokens}</TableCell>
                <RowActionsCell>
                  <EditDeleteActions subject={prompt.name} onEdit={() => editing.edit(prompt)} onDelete={() => editing.askDelete(prompt)} />
                </RowActionsCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </InfiniteListArea>
      {editing.editor.open && <PromptDialog prompt={editing.editor.id === null ? undefined : editingPrompt} queues={queues} onSaved={onQueuesChanged} onClose={editing.closeEditor} />}
      <ConfirmationDialog
        open={editing.isConfirming}
        title={t("prompts.confirmDelete.title", { name: editing.toDelete?.name ?? "" })}
        message={t("prompts.confirmDelete.message")}
        confirmLabel={t("prompts.confirmDelete.confirm")}
        loading={editing.isDeleting}
        onConfirm={editing.confirmDelete}
        onClose={editing.cancelDelete}
      />
    </PageContainer>
  );
}

interface FormState {
  name: string;
  prompt: string;
  queueId: number | "";
  model: string;
  baseUrl: string;
  maxTokens: string;
  temperature: string;
  maxMessages: string;
  apiKey: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
}

function initialState(prompt: Prompt | undefined): FormState {
  return {
    name: prompt?.name ?? "",
    prompt: prompt?.prompt ?? "",
    queueId: prompt?.queueId ?? "",
    model: prompt?.model ?? PROMPT_DEFAULTS.model,
    baseUrl: prompt?.baseUrl ?? "",
    maxTokens: String(prompt?.maxTokens ?? PROMPT_DEFAULTS.maxTokens),
    temperature: String(prompt?.temperature ?? PROMPT_DEFAULTS.temperature),
    maxMessages: String(prompt?.maxMessages ?? PROMPT_DEFAULTS.maxMessages),
    apiKey: prompt?.apiKey ?? "",
    voice: prompt?.voice ?? PROMPT_DEFAULTS.voice,
    voiceKey: prompt?.voiceKey ?? "",
    voiceRegion: prompt?.voiceRegion ?? "",
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The key fields a refused save asks to type again (ERR_PROMPT_KEY_REQUIRED: the address changed). */
function keyFieldsToRetype(error: unknown): ("apiKey" | "voiceKey")[] {
  if (!(error instanceof ApiError) || error.code !== "ERR_PROMPT_KEY_REQUIRED") return [];
  const details = ZPromptKeyRequiredDetails.safeParse(error.details);
  return details.success ? details.data.map((issue) => (issue.path === "/apiKey" ? "apiKey" : "voiceKey")) : ["apiKey"];
}

/** A queue a prompt can serve, as the dialog's picker shows it. */
export interface PromptQueue {
  id: number;
  name: string;
}

function PromptDialog({ prompt, queues, onSaved, onClose }: { prompt: Prompt | undefined; queues: readonly PromptQueue[]; onSaved: (() => void) | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => initialState(prompt));
  const [errors, setErrors] = useState<Partial<Record<keyof FormState, string>>>({});
  const [saving, setSaving] = useState(false);
  const detail = useQuery({ queryKey: ["prompts", "detail", prompt?.id], queryFn: () => apiRequest(`/prompt/${prompt!.id}`, ZPrompt), enabled: prompt !== undefined });
  const field = (key: keyof FormState) => ({
    value: form[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setForm((current) => ({ ...current, [key]: event.target.value })),
    error: Boolean(errors[key]),
    helperText: errors[key],
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!form.name.trim()) problems.name = t("prompts.form.required");
    if (!form.prompt.trim()) problems.prompt = t("prompts.form.required");
    if (form.queueId === "") problems.queueId = t("prompts.form.queueRequired");
    setErrors(problems);
    if (Object.keys(problems).length > 0 || form.queueId === "") return;
    const body: PromptBody = {
      name: form.name.trim(),
      prompt: form.prompt.trim(),
      queueId: form.queueId,
      model: form.model.trim() || PROMPT_DEFAULTS.model,
      baseUrl: form.baseUrl.trim() || null,
      maxTokens: Number(form.maxTokens) || PROMPT_DEFAULTS.maxTokens,
      temperature: Number(form.temperature),
      maxMessages: Number(form.maxMessages) || PROMPT_DEFAULTS.maxMessages,
      apiKey: form.apiKey.trim(),
      voice: form.voice as PromptBody["voice"],
      voiceKey: form.voiceKey.trim(),
      voiceRegion: form.voiceRegion.trim(),
    };
    setSaving(true);
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      await (prompt ? apiRequest(`/prompt/${prompt.id}`, ZPrompt, { method: "PUT", body }) : apiRequest("/prompt", ZPrompt, { method: "POST", body }));
    } catch (error) {
      setSaving(false);
      showFormError(error, stateFormFields(Object.keys(form), (field, message) => setErrors((current) => ({ ...current, [field]: message }))));
      const retype = keyFieldsToRetype(error);
      if (retype.length) setErrors(Object.fromEntries(retype.map((key) => [key, t("errors.ERR_PROMPT_KEY_REQUIRED")])));
      return;
    }
    onSaved?.();
    await queryClient.invalidateQueries({ queryKey: ["prompts"] });
    showToast(t("list.saved"), "success");
    onClose();
  };

  const current = detail.data ?? prompt;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t(prompt ? "prompts.dialog.editTitle" : "prompts.dialog.addTitle")}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: "contents" }} key={current?.updatedAt ?? "new"}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField label={t("prompts.form.name")} required autoFocus fullWidth {...field("name")} />
            <TextField label={t("prompts.form.prompt")} required fullWidth multiline minRows={5} {...field("prompt")} />
            <TextField
              select
              label={t("prompts.form.queue")}
              required
              fullWidth
              value={form.queueId}
              onChange={(event) => setForm((c) => ({ ...c, queueId: event.target.value === "" ? "" : Number(event.target.value) }))}
              error={Boolean(errors.queueId)}
              helperText={errors.queueId ?? t("prompts.form.queueHelp")}
            >
              {queues.map((queue) => (
                <MenuItem key={queue.id} value={queue.id}>
                  {queue.name}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField label={t("prompts.form.model")} fullWidth {...field("model")} />
              <TextField label={t("prompts.form.baseUrl")} fullWidth placeholder="https://api.openai.com/v1" {...field("baseUrl")} helperText={errors.baseUrl ?? t("prompts.form.baseUrlHelp")} />
            </Stack>
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField label={t("prompts.form.maxTokens")} type="number" fullWidth {...field("maxTokens")} />
              <TextField label={t("prompts.form.temperature")} type="number" fullWidth slotProps={{ htmlInput: { step: 0.1, min: 0, max: 2 } }} {...field("temperature")} />
              <TextField label={t("prompts.form.maxMessages")} type="number" fullWidth {...field("maxMessages")} />
            </Stack>
            <TextField
              label={t("prompts.form.apiKey")}
              type="password"
              fullWidth
              autoComplete="off"
              error={Boolean(errors.apiKey)}
              helperText={errors.apiKey ?? t("prompts.form.keyHint")}
              value={form.apiKey}
              onChange={(e) => setForm((c) => ({ ...c, apiKey: e.target.value }))}
            />
            <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
              <TextField select label={t("prompts.form.voice")} fullWidth value={form.voice} onChange={(e) => setForm((c) => ({ ...c, voice: e.target.value }))}>
                {PROMPT_VOICES.map((voice) => (
                  <MenuItem key={voice} value={voice}>
                    {voice === "texto" ? t("prompts.form.voiceText") : voice}
                  </MenuItem>
                ))}
              </TextField>
              {/* The voice service is used only with a voice: with text replies its key and region do nothing. */}
              <TextField
                label={t("prompts.form.voiceKey")}
                type="password"
                fullWidth
                autoComplete="off"
                disabled={form.voice === "texto"}
                error={Boolean(errors.voiceKey)}
                helperText={errors.voiceKey}
                value={form.voiceKey}
                onChange={(e) => setForm((c) => ({ ...c, voiceKey: e.target.value }))}
              />
              <TextField label={t("prompts.form.voiceRegion")} fullWidth disabled={form.voice === "texto"} {...field("voiceRegion")} />
            </Stack>
            <PromptTest promptId={prompt?.id} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" loading={saving}>
            {t(prompt ? "prompts.dialog.save" : "prompts.dialog.add")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** POST /prompt/{id}/test: one message answered by the saved prompt's model, as the engine asks it. */
function useTestPrompt() {
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) => apiRequest(`/prompt/${id}/test`, ZPromptTestResponse, { method: "POST", body: { message } }),
    meta: { silentError: true },
  });
}

/** The dialog's Testar: a customer's message and the saved prompt's answer, or why there is none. */
function PromptTest({ promptId }: { promptId: number | undefined }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(() => t("prompts.test.sample"));
  const test = useTestPrompt();
  if (promptId === undefined) return <Alert severity="info">{t("prompts.test.saveFirst")}</Alert>;
  const run = () => test.mutate({ id: promptId, message: message.trim() }, { onError: (error) => toastError(error) });
  return (
    <Stack spacing={1} component="section" aria-label={t("prompts.test.title")}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField label={t("prompts.test.message")} fullWidth size="small" value={message} onChange={(event) => setMessage(event.target.value)} helperText={t("prompts.test.help")} />
        <Button variant="outlined" onClick={run} loading={test.isPending} disabled={!message.trim()}>
          {t("prompts.test.run")}
        </Button>
      </Stack>
      {test.data ? (
        test.data.error ? (
          <Alert severity="error">{t("prompts.test.failed", { reason: t(`prompts.test.errors.${test.data.error}`) })}</Alert>
        ) : (
          <Alert severity="success" sx={{ whiteSpace: "pre-wrap" }}>
            {test.data.answer}
          </Alert>
        )
      ) : null}
    </Stack>
  );
}
