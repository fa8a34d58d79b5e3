import { type CloudTemplate, renderTemplate, type Ticket } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../lib/toast.ts";
import { useCloudTemplates, useRefreshCloudTemplates } from "../api/list-templates.ts";
import { useSendMessage } from "../api/send-message.ts";

interface TemplateDialogProps {
  ticket: Pick<Ticket, "id" | "whatsappId" | "contact">;
  onClose: () => void;
}

const keyOf = (template: Pick<CloudTemplate, "name" | "language">) => `${template.name}|${template.language}`;

/** What a parameter can be filled with from the conversation's contact. */
const CONTACT_FIELDS = ["name", "number", "email"] as const;

/**
 * Sends an approved message template of the ticket's official-line connection (the only thing that may
 * go out once the 24-hour window is closed): pick one, fill its `{{n}}` parameters (typed, or taken from
 * the contact), see the text the customer will read, send.
 */
export function TemplateDialog({ ticket, onClose }: TemplateDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const templates = useCloudTemplates(ticket.whatsappId, true);
  const refresh = useRefreshCloudTemplates(ticket.whatsappId);
  const send = useSendMessage();
  const [selectedKey, setSelectedKey] = useState("");
  const [parameters, setParameters] = useState<string[]>([]);
  const selected = templates.data?.find((template) => keyOf(template) === selectedKey);
  const approved = (templates.data ?? []).filter((template) => template.status === "APPROVED");

  const choose = (key: string) => {
    setSelectedKey(key);
    const template = templates.data?.find((candidate) => keyOf(candidate) === key);
    setParameters(Array.from({ length: template?.parameterCount ?? 0 }, () => ""));
  };
  const setParameter = (index: number, value: string) => setParameters((list) => list.map((item, position) => (position === index ? value : item)));
  const complete = selected !== undefined && parameters.every((value) => value.trim() !== "");

  const submit = () => {
    if (!selected || !complete) return;
    send.mutate(
      { ticketId: ticket.id, body: "", signMessage: false, template: { name: selected.name, language: selected.language, parameters: parameters.map((value) => value.trim()) } },
      { onSuccess: onClose, onError: toastError },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t("conversation.cloud.dialogTitle")}</DialogTitle>
      <DialogContent dividers>
        {templates.isPending ? (
          <Box sx={{ display: "grid", placeItems: "center", py: 3 }}>
            <CircularProgress aria-label={t("common.loading")} />
          </Box>
        ) : templates.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void templates.refetch()}>
                {t("conversation.retry")}
              </Button>
            }
          >
            {t("conversation.cloud.loadFailed")}
          </Alert>
        ) : approved.length === 0 ? (
          <Alert severity="info">{t("conversation.cloud.noTemplates")}</Alert>
        ) : (
          <Stack spacing={2}>
            <TextField select label={t("conversation.cloud.template")} value={selectedKey} onChange={(event) => choose(event.target.value)} fullWidth>
              {(templates.data ?? []).map((template) => (
                <MenuItem key={keyOf(template)} value={keyOf(template)} disabled={template.status !== "APPROVED"}>
                  {`${template.name} · ${template.language} · ${template.category}`}
                  {template.status === "APPROVED" ? "" : ` (${template.status})`}
                </MenuItem>
              ))}
            </TextField>
            {parameters.map((value, index) => (
              <Stack key={index} direction={{ xs: "column", sm: "row" }} spacing={1}>
                <TextField
                  label={t("conversation.cloud.parameter", { n: index + 1 })}
                  value={value}
                  onChange={(event) => setParameter(index, event.target.value)}
                  required
                  fullWidth
                  slotProps={{ htmlInput: { maxLength: 1024 } }}
                />
                <TextField
                  select
                  label={t("conversation.cloud.fillWith")}
                  value=""
                  onChange={(event) => setParameter(index, ticket.contact[event.target.value as (typeof CONTACT_FIELDS)[number]] ?? "")}
                  sx={{ minWidth: 180 }}
                >
                  {CONTACT_FIELDS.map((field) => (
                    <MenuItem key={field} value={field} disabled={!ticket.contact[field]}>
                      {t(`conversation.cloud.contactFields.${field}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            ))}
            {selected ? (
              <Box>
                <Typography variant="caption" color="text.secondary" component="h3">
                  {t("conversation.cloud.preview")}
                </Typography>
                <Paper variant="outlined" sx={{ p: 1.5, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="template-preview">
                  {renderTemplate(selected.body, parameters)}
                </Paper>
              </Box>
            ) : null}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => refresh.mutate(undefined, { onError: toastError })} loading={refresh.isPending} sx={{ mr: "auto" }}>
          {t("conversation.cloud.refresh")}
        </Button>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" onClick={submit} disabled={!complete} loading={send.isPending}>
          {t("conversation.cloud.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
