import AttachFile from "@mui/icons-material/AttachFile";
import Cancel from "@mui/icons-material/Cancel";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import FormHelperText from "@mui/material/FormHelperText";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import { useRef } from "react";
import { useTranslation } from "react-i18next";

/** What happens to the attachment on save: a chosen file replaces it; `remove` drops the stored one. */
export interface CampaignAttachmentChange {
  file: File | null;
  remove: boolean;
}

interface CampaignAttachmentFieldProps {
  /** The stored attachment's name, if any. */
  storedName: string | null;
  value: CampaignAttachmentChange;
  onChange: (value: CampaignAttachmentChange) => void;
  disabled: boolean;
}

/** The file sent with every message of the campaign (checked by content on the server): the chosen or stored one, or a button to choose one. */
export function CampaignAttachmentField({ storedName, value, onChange, disabled }: CampaignAttachmentFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const shown = value.file ? value.file.name : value.remove ? null : storedName;
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {t("campaigns.form.attachment")}
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        aria-hidden
        tabIndex={-1}
        data-testid="campaign-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onChange({ file, remove: false });
        }}
      />
      {shown ? (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: "center", minWidth: 0 }}>
          <Chip icon={<AttachFile />} label={shown} sx={{ maxWidth: "100%", minWidth: 0 }} />
          {!disabled && (
            <Tooltip title={t("campaigns.form.removeAttachment", { name: shown })}>
              <IconButton size="small" aria-label={t("campaigns.form.removeAttachment", { name: shown })} onClick={() => onChange({ file: null, remove: true })}>
                <Cancel fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      ) : (
        <Button variant="outlined" size="small" startIcon={<AttachFile />} disabled={disabled} onClick={() => input.current?.click()}>
          {t("campaigns.form.attach")}
        </Button>
      )}
      <FormHelperText>{t("campaigns.form.attachmentHelp")}</FormHelperText>
    </Box>
  );
}
