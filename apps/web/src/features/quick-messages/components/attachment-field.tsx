import { quickMessageMediaName } from "@conversa/shared";
import AttachFile from "@mui/icons-material/AttachFile";
import Cancel from "@mui/icons-material/Cancel";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { AttachmentChange } from "../utils/quick-message-form.ts";

interface AttachmentFieldProps {
  /** The stored attachment's name, if any. */
  storedName: string | null;
  value: AttachmentChange;
  onChange: (value: AttachmentChange) => void;
  disabled?: boolean;
}

/** The reply's attachment: the chosen or stored file with a remove button, or a button to choose one. */
export function AttachmentField({ storedName, value, onChange, disabled = false }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement | null>(null);
  // Spaces become underscores on the server (spec admin §5): show the name it will have.
  const shown = value.file ? quickMessageMediaName(value.file.name) : value.remove ? null : storedName;
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {t("quickMessages.form.attachment")}
      </Typography>
      <input
        ref={inputRef}
        type="file"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="quick-message-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onChange({ file, remove: false });
          event.target.value = "";
        }}
      />
      {shown ? (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", minWidth: 0 }}>
          <Chip icon={<AttachFile />} label={shown} sx={{ maxWidth: "100%", minWidth: 0 }} />
          <Tooltip title={t("quickMessages.form.removeAttachment", { name: shown })}>
            <span>
              <IconButton size="small" aria-label={t("quickMessages.form.removeAttachment", { name: shown })} disabled={disabled} onClick={() => onChange({ file: null, remove: true })}>
                <Cancel fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ) : (
        <Button variant="outlined" size="small" startIcon={<AttachFile />} disabled={disabled} onClick={() => inputRef.current?.click()}>
          {t("quickMessages.form.attach")}
        </Button>
      )}
    </Box>
  );
}
