import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../../lib/bytes.ts";
import type { ContactDataExport } from "../api/export-contact-data.ts";

/**
 * The contact export under way, above the list: a percentage when the size is known, otherwise the bytes
 * received with a bar that keeps moving.
 */
export function ExportProgress({ progress }: { progress: ContactDataExport }) {
  const { t, i18n } = useTranslation();
  const received = formatBytes(progress.received, i18n.language);
  const percent = progress.total ? Math.min(100, Math.round((progress.received / progress.total) * 100)) : undefined;
  const label = t("contacts.dataExport.progress", { name: progress.contactName });
  return (
    <Box role="status" sx={{ mb: 2, p: 1.5, borderRadius: 1, border: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, mb: 1 }}>
        <Typography variant="body2" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "nowrap" }} data-testid="contact-export-received">
          {percent === undefined ? t("contacts.dataExport.received", { size: received }) : `${percent}%`}
        </Typography>
      </Box>
      <LinearProgress aria-label={label} variant={percent === undefined ? "indeterminate" : "determinate"} {...(percent === undefined ? {} : { value: percent })} />
    </Box>
  );
}
