import Close from "@mui/icons-material/Close";
import FiberManualRecord from "@mui/icons-material/FiberManualRecord";
import Send from "@mui/icons-material/Send";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

interface RecordingBarProps {
  startedAt: number;
  onCancel: () => void;
  onSend: () => void;
}

/** Shown while recording: the time so far, cancel (discard) and send. */
export function RecordingBar({ startedAt, onCancel, onSend }: RecordingBarProps) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flex: 1, justifyContent: "flex-end" }}>
      <IconButton aria-label={t("conversation.input.cancelRecording")} onClick={onCancel} color="error">
        <Close />
      </IconButton>
      <FiberManualRecord color="error" fontSize="small" sx={{ animation: "conversation-blink 1s steps(2) infinite", "@keyframes conversation-blink": { "50%": { opacity: 0.2 } } }} />
      <Typography variant="body2" role="timer" aria-live="off" sx={{ minWidth: 48 }}>
        {t("conversation.input.recording", { time: elapsed(now - startedAt) })}
      </Typography>
      <IconButton aria-label={t("conversation.input.sendAudio")} onClick={onSend} color="primary">
        <Send />
      </IconButton>
    </Stack>
  );
}

/** Shown while the recording is converted and sent. */
export function ProcessingAudio() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: "center", flex: 1, justifyContent: "flex-end", pr: 1 }}>
      <CircularProgress size={20} aria-label={t("conversation.input.processingAudio")} />
      <Typography variant="body2">{t("conversation.input.processingAudio")}</Typography>
    </Stack>
  );
}
