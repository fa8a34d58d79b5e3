import Send from "@mui/icons-material/Send";
import UploadFile from "@mui/icons-material/UploadFile";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { ZExternalNumber } from "@conversa/shared";
import { useSendExternalMessage } from "../api/send-external-message.ts";
import { CodeBlock } from "./code-block.tsx";

interface SendTestFormProps {
  kind: "text" | "media";
  /** A token picked on the page: it fills the token field when it changes. */
  initialToken?: string;
}

interface FieldErrors {
  token?: string;
  number?: string;
  body?: string;
  files?: string;
}

/**
 * The test form of one way of sending (spec admin §5): token, number without a mask, text, and for media
 * sends one or more files (required). It calls the API as an outside system would and shows its answer.
 */
export function SendTestForm({ kind, initialToken }: SendTestFormProps) {
  const { t } = useTranslation();
  const send = useSendExternalMessage();
  const [token, setToken] = useState(initialToken ?? "");
  const [lastInitial, setLastInitial] = useState(initialToken);
  if (initialToken !== lastInitial) {
    // A newly picked token replaces what was typed (adjusting state while rendering, not in an effect).
    setLastInitial(initialToken);
    if (initialToken) setToken(initialToken);
  }
  const [number, setNumber] = useState("");
  const [body, setBody] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = (field: string) => `messages-api-${kind}-${field}`;

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!token.trim()) found.token = t("messagesApi.form.required");
    if (!number.trim()) found.number = t("messagesApi.form.required");
    else if (!ZExternalNumber.safeParse(number.trim()).success) found.number = t("messagesApi.form.numberInvalid");
    if (kind === "text" && !body.trim()) found.body = t("messagesApi.form.required");
    if (kind === "media" && files.length === 0) found.files = t("messagesApi.form.fileRequired");
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    send.mutate({ token: token.trim(), number: number.trim(), body, files: kind === "media" ? files : undefined });
  };

  const answer = send.data;
  const ok = answer !== undefined && answer.status >= 200 && answer.status < 300;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t(kind === "text" ? "messagesApi.text.formTitle" : "messagesApi.media.formTitle")}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t(kind === "text" ? "messagesApi.text.formTitle" : "messagesApi.media.formTitle")}
      </Typography>
      <Stack spacing={2}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            id={id("token")}
            label={t("messagesApi.form.token")}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            error={Boolean(errors.token)}
            helperText={errors.token ?? t("messagesApi.form.tokenHelp")}
            required
            fullWidth
            autoComplete="off"
          />
          <TextField
            id={id("number")}
            label={t("messagesApi.form.number")}
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            error={Boolean(errors.number)}
            helperText={errors.number ?? t("messagesApi.form.numberHelp")}
            required
            fullWidth
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
          />
        </Stack>
        <TextField
          id={id("body")}
          label={t(kind === "text" ? "messagesApi.form.body" : "messagesApi.form.caption")}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={Boolean(errors.body)}
          helperText={errors.body}
          required={kind === "text"}
          multiline
          minRows={2}
          fullWidth
        />
        {kind === "media" && (
          <Box>
            <Button component="label" variant="outlined" startIcon={<UploadFile />}>
              {t("messagesApi.form.chooseFiles")}
              <input
                hidden
                type="file"
                multiple
                aria-label={t("messagesApi.form.files")}
                onChange={(event) => setFiles(event.target.files ? Array.from(event.target.files) : [])}
              />
            </Button>
            <Typography variant="body2" color={errors.files ? "error" : "text.secondary"} sx={{ mt: 0.5 }}>
              {errors.files ?? (files.length > 0 ? files.map((file) => file.name).join(", ") : t("messagesApi.form.noFile"))}
            </Typography>
          </Box>
        )}
        <Box>
          <Button type="submit" variant="contained" startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : <Send />} disabled={send.isPending}>
            {t("messagesApi.form.send")}
          </Button>
        </Box>
        {send.isError && <Alert severity="error">{t("messagesApi.form.networkError")}</Alert>}
        {answer && (
          <Box aria-live="polite">
            <Alert severity={ok ? "success" : "error"} sx={{ mb: 1 }}>
              {ok ? t("messagesApi.form.sent") : t("messagesApi.form.refused", { status: answer.status })}
            </Alert>
            <CodeBlock label={t("messagesApi.form.answer")} code={`HTTP ${answer.status}\n${typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body, null, 2)}`} />
          </Box>
        )}
      </Stack>
    </Box>
  );
}
