import AttachFile from "@mui/icons-material/AttachFile";
import Close from "@mui/icons-material/Close";
import Image from "@mui/icons-material/Image";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import { useId, useRef } from "react";
import { useTranslation } from "react-i18next";

interface AttachmentFieldProps {
  /** The name of the attachment shown (chosen now or stored); null without one. */
  name: string | null;
  error: string | null;
  /** A sent schedule shows its attachment only. */
  readOnly: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** The schedule's optional image (spec core §5: png, jpg, jpeg). */
export function AttachmentField({ name, error, readOnly, onPick, onRemove }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const helpId = useId();
  if (readOnly && !name) return null;
  return (
    <Box>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        {readOnly ? null : (
          <Button variant="outlined" size="small" startIcon={<AttachFile />} onClick={() => input.current?.click()} aria-describedby={helpId}>
            {t("schedules.dialog.attach")}
          </Button>
        )}
        {name ? (
          <Box sx={{ display: "flex", alignItems: "center", minWidth: 0 }}>
            <Chip icon={<Image />} label={name} sx={{ maxWidth: { xs: 220, sm: 320 } }} />
            {readOnly ? null : (
              <IconButton size="small" aria-label={t("schedules.dialog.removeAttachment", { name })} onClick={onRemove}>
                <Close fontSize="small" />
              </IconButton>
            )}
          </Box>
        ) : null}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        data-testid="schedule-attachment-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          // Choosing the same file again after removing it must fire again.
          event.target.value = "";
        }}
      />
      {readOnly ? null : (
        <FormHelperText id={helpId} error={Boolean(error)}>
          {error ?? t("schedules.dialog.attachmentHint")}
        </FormHelperText>
      )}
    </Box>
  );
}
