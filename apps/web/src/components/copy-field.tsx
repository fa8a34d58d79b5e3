import ContentCopy from "@mui/icons-material/ContentCopy";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { showToast } from "../lib/toast.ts";

interface CopyFieldProps {
  label: string;
  value: string;
  helperText?: string;
}

/** A read-only value to paste elsewhere (a URL, a token), with a button that copies it. */
export function CopyField({ label, value, helperText }: CopyFieldProps) {
  const { t } = useTranslation();
  const copy = () => {
    if (!navigator.clipboard) {
      showToast(t("common.copyFailed"), "error");
      return;
    }
    navigator.clipboard.writeText(value).then(
      () => showToast(t("common.copied"), "success"),
      () => showToast(t("common.copyFailed"), "error"),
    );
  };
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      helperText={helperText}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: "monospace" } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t("common.copy")}>
                <IconButton aria-label={t("common.copyNamed", { name: label })} onClick={copy} edge="end">
                  <ContentCopy fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
