import ImageOutlined from "@mui/icons-material/ImageOutlined";
import Cancel from "@mui/icons-material/Cancel";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { ANNOUNCEMENT_MEDIA_EXTENSIONS } from "@conversa/shared";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AttachmentChange, isAcceptedImageName } from "../utils/announcement-form.ts";

interface AnnouncementAttachmentFieldProps {
  /** The stored picture's name, if any. */
  storedName: string | null;
  value: AttachmentChange;
  onChange: (value: AttachmentChange) => void;
  disabled?: boolean;
}

/** The announcement's picture (.png, .jpg, .jpeg): the chosen or stored one with a remove button, or a button to choose one. */
export function AnnouncementAttachmentField({ storedName, value, onChange, disabled = false }: AnnouncementAttachmentFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const shown = value.file ? value.file.name : value.remove ? null : storedName;
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {t("announcements.form.attachment")}
      </Typography>
      <input
        ref={inputRef}
        type="file"
        hidden
        aria-hidden
        tabIndex={-1}
        accept={ANNOUNCEMENT_MEDIA_EXTENSIONS.join(",")}
        data-testid="announcement-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          if (!isAcceptedImageName(file.name)) {
            setRefused(t("announcements.validation.imageOnly", { name: file.name }));
            return;
          }
          setRefused(null);
          onChange({ file, remove: false });
        }}
      />
      {shown ? (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", minWidth: 0 }}>
          <Chip icon={<ImageOutlined />} label={shown} sx={{ maxWidth: "100%", minWidth: 0 }} />
          <Tooltip title={t("announcements.form.removeAttachment", { name: shown })}>
            <span>
              <IconButton size="small" aria-label={t("announcements.form.removeAttachment", { name: shown })} disabled={disabled} onClick={() => onChange({ file: null, remove: true })}>
                <Cancel fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ) : (
        <Button variant="outlined" size="small" startIcon={<ImageOutlined />} disabled={disabled} onClick={() => inputRef.current?.click()}>
          {t("announcements.form.attach")}
        </Button>
      )}
      <FormHelperText error={refused !== null}>{refused ?? t("announcements.form.attachmentHelp")}</FormHelperText>
    </Box>
  );
}
