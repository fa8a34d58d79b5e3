import ContentCopy from "@mui/icons-material/ContentCopy";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../lib/toast.ts";

/** A block of code or of an answer, in a monospace font, with a copy button. */
export function CodeBlock({ code, label }: { code: string; label?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      showToast(t("messagesApi.copied"), "success");
    } catch {
      showToast(t("messagesApi.copyFailed"), "error");
    }
  };
  return (
    <Box sx={{ position: "relative" }}>
      <Box
        component="pre"
        aria-label={label}
        sx={(theme) => ({
          m: 0,
          p: 1.5,
          pr: 5,
          borderRadius: 1,
          overflowX: "auto",
          fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
          fontSize: 13,
          whiteSpace: "pre-wrap",
          wordBreak: "break-all",
          bgcolor: theme.palette.mode === "dark" ? "#1C1C1C" : "#f5f5f5",
          border: `1px solid ${theme.palette.divider}`,
        })}
      >
        {code}
      </Box>
      <Tooltip title={t("messagesApi.copy")}>
        <IconButton size="small" aria-label={t("messagesApi.copy")} onClick={() => void copy()} sx={{ position: "absolute", top: 4, right: 4 }}>
          <ContentCopy fontSize="small" />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
