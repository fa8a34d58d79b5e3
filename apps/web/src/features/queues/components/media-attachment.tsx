import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";

interface MediaAttachmentProps {
  /** The attached file's name, if any. */
  mediaName: string | null;
  onSelect: (file: File) => void;
  onRemove: () => void;
  busy?: boolean;
  /** An icon button instead of a labelled one (option rows). */
  compact?: boolean;
  /** What the attachment belongs to, for the buttons' accessible names. */
  subject: string;
}

/** A media attachment: its name as a removable chip and a button to pick (or replace) the file. */
export function MediaAttachment({ mediaName, onSelect, onRemove, busy = false, compact = false, subject }: MediaAttachmentProps) {
  const { t } = useTranslation();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still reports a change.
    event.target.value = "";
    if (file) onSelect(file);
  };
  const attachLabel = `${t(mediaName ? "queues.media.replace" : "queues.media.attach")}: ${subject}`;
  const input = <input type="file" hidden onChange={pick} data-testid={`media-input-${subject}`} />;
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0, flexWrap: "wrap" }}>
      {compact ? (
        <Tooltip title={attachLabel}>
          <IconButton component="label" size="small" aria-label={attachLabel} disabled={busy}>
            {busy ? <CircularProgress size={18} /> : <AttachFile fontSize="small" />}
            {input}
          </IconButton>
        </Tooltip>
      ) : (
        <Button component="label" variant="outlined" size="small" startIcon={<AttachFile />} loading={busy} aria-label={attachLabel}>
          {t(mediaName ? "queues.media.replace" : "queues.media.attach")}
          {input}
        </Button>
      )}
      {mediaName && (
        <Box sx={{ display: "inline-flex", alignItems: "center", minWidth: 0 }}>
          <Chip size="small" icon={<AttachFile />} label={mediaName} sx={{ maxWidth: 220 }} />
          <Tooltip title={t("queues.media.remove")}>
            <IconButton size="small" aria-label={`${t("queues.media.remove")}: ${mediaName}`} disabled={busy} onClick={onRemove}>
              <Close fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
    </Box>
  );
}
