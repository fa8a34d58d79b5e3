import { SIMULATOR_LIMITS, ZSimulatorPhone } from "@conversa/shared";
import AttachFile from "@mui/icons-material/AttachFile";
import ContactPhone from "@mui/icons-material/ContactPhone";
import LocationOn from "@mui/icons-material/LocationOn";
import Send from "@mui/icons-material/Send";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { showFormError, stateFormFields } from "../../../lib/form-errors.ts";
import { useSendCustomerMessage } from "../api/send-customer-message.ts";
import { type MessageContent, type SimulatedCustomer, buildCustomerMessage, isCustomerReady, mediaKindOf } from "../utils/customer.ts";
import { readFileAsBase64 } from "../utils/read-file.ts";

interface MessageComposerProps {
  connectionId: number;
  customer: SimulatedCustomer;
}

const visuallyHidden = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" } as const;

function LocationDialog({ open, onClose, onSend }: { open: boolean; onClose(): void; onSend(content: MessageContent): void }) {
  const { t } = useTranslation();
  const [latitude, setLatitude] = useState("");
  const [longitude, setLongitude] = useState("");
  const [description, setDescription] = useState("");
  const lat = Number(latitude);
  const lng = Number(longitude);
  const isValid = latitude.trim() !== "" && longitude.trim() !== "" && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) onSend({ kind: "location", latitude: lat, longitude: lng, description });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="simulator-location-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="simulator-location-title">{t("simulator.location")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t("simulator.latitude")} type="number" value={latitude} onChange={(e) => setLatitude(e.target.value)} slotProps={{ htmlInput: { step: "any", min: -90, max: 90 } }} />
            <TextField label={t("simulator.longitude")} type="number" value={longitude} onChange={(e) => setLongitude(e.target.value)} slotProps={{ htmlInput: { step: "any", min: -180, max: 180 } }} />
            <TextField label={t("simulator.description")} value={description} onChange={(e) => setDescription(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("simulator.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={!isValid}>
            {t("simulator.send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function ContactDialog({ open, onClose, onSend }: { open: boolean; onClose(): void; onSend(content: MessageContent): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState("");
  const [number, setNumber] = useState("");
  const isValid = name.trim() !== "" && ZSimulatorPhone.safeParse(number).success;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) onSend({ kind: "vcard", name: name.trim(), numbers: [number] });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="simulator-contact-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="simulator-contact-title">{t("simulator.contact")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t("simulator.contactName")} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ htmlInput: { maxLength: 100 } }} />
            <TextField
              label={t("simulator.contactNumber")}
              value={number}
              onChange={(e) => setNumber(e.target.value.replace(/\D/g, ""))}
              helperText={t("simulator.numberHint")}
              slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 15 } }}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t("simulator.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={!isValid}>
            {t("simulator.send")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** What the simulated customer writes: text, a file (with the text as caption), a location or a contact card. */
export function MessageComposer({ connectionId, customer }: MessageComposerProps) {
  const { t } = useTranslation();
  const send = useSendCustomerMessage(connectionId);
  const [text, setText] = useState("");
  const [asVoice, setAsVoice] = useState(false);
  const [dialog, setDialog] = useState<"location" | "contact" | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const isReady = isCustomerReady(customer);

  const sendContent = async (content: MessageContent): Promise<boolean> => {
    setRefusal(null);
    try {
      await send.mutateAsync(buildCustomerMessage(customer, content));
      return true;
    } catch (error) {
      // The catalogue's toast, and a refused text under the message box (the text stays to be sent again).
      showFormError(error, stateFormFields(["body"], (_field, message) => setRefusal(message)));
      return false;
    }
  };

  const sendText = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!isReady || text.trim() === "" || send.isPending) return;
    const sent = text;
    // Clear only what was sent: the customer may already be typing the next message.
    if (await sendContent({ kind: "chat", body: sent })) setText((current) => (current === sent ? "" : current));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void sendText();
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    setFileError(null);
    if (!file) return;
    if (file.size > SIMULATOR_LIMITS.mediaMaxBytes) {
      setFileError(t("simulator.fileTooLarge"));
      return;
    }
    const mimetype = file.type || "application/octet-stream";
    const kind = mediaKindOf(mimetype);
    const data = await readFileAsBase64(file);
    const caption = text;
    const sent = await sendContent({ kind, body: caption, media: { data, mimetype, filename: file.name }, voice: kind === "audio" && asVoice });
    if (sent) setText((current) => (current === caption ? "" : current));
  };

  const onDialogSend = async (content: MessageContent) => {
    if (await sendContent(content)) setDialog(null);
  };

  return (
    <Box component="form" noValidate onSubmit={sendText} sx={{ p: 1.5, borderTop: 1, borderColor: "divider" }}>
      {fileError ? (
        <Alert severity="error" onClose={() => setFileError(null)} sx={{ mb: 1 }}>
          {fileError}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-end" }}>
        <Tooltip title={t("simulator.attach")} describeChild>
          <span>
            <IconButton component="label" disabled={!isReady || send.isPending}>
              <AttachFile />
              <input type="file" aria-label={t("simulator.attach")} style={visuallyHidden} onChange={(event) => void onFile(event)} disabled={!isReady || send.isPending} />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t("simulator.location")} describeChild>
          <span>
            <IconButton aria-label={t("simulator.location")} disabled={!isReady} onClick={() => setDialog("location")}>
              <LocationOn />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t("simulator.contact")} describeChild>
          <span>
            <IconButton aria-label={t("simulator.contact")} disabled={!isReady} onClick={() => setDialog("contact")}>
              <ContactPhone />
            </IconButton>
          </span>
        </Tooltip>
        <TextField
          label={t("simulator.message")}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setRefusal(null);
          }}
          onKeyDown={onKeyDown}
          error={refusal !== null}
          helperText={refusal ?? undefined}
          disabled={!isReady}
          multiline
          maxRows={5}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: SIMULATOR_LIMITS.bodyMax } }}
        />
        <Button type="submit" variant="contained" endIcon={<Send />} disabled={!isReady || text.trim() === ""} loading={send.isPending}>
          {t("simulator.send")}
        </Button>
      </Stack>
      <FormControlLabel
        control={<Checkbox size="small" checked={asVoice} onChange={(event) => setAsVoice(event.target.checked)} />}
        label={t("simulator.voiceNote")}
        slotProps={{ typography: { variant: "caption" } }}
      />
      {dialog === "location" ? <LocationDialog open onClose={() => setDialog(null)} onSend={(content) => void onDialogSend(content)} /> : null}
      {dialog === "contact" ? <ContactDialog open onClose={() => setDialog(null)} onSend={(content) => void onDialogSend(content)} /> : null}
    </Box>
  );
}
