import Box from "@mui/material/Box";
import LinearProgress from "@mui/material/LinearProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { ImportProgress } from "./use-import-progress.ts";

/**
 * The bar of a running import: moving while the file travels and is read, then the share of rows
 * saved as the server reports it.
 */
export function ImportProgressBar({ progress }: { progress: ImportProgress | null }) {
  const { t } = useTranslation();
  const percent = progress && progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : undefined;
  const label = progress ? t("contacts.import.progress.saving", { processed: progress.processed, total: progress.total }) : t("contacts.import.progress.reading");
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 1 }} id="contacts-import-progress">
        {label}
      </Typography>
      <LinearProgress
        aria-labelledby="contacts-import-progress"
        variant={percent === undefined ? "indeterminate" : "determinate"}
        value={percent}
      />
    </Box>
  );
}
