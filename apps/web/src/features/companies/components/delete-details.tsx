import type { CompanyCounts } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../../lib/i18n.ts";

const KINDS: (keyof CompanyCounts)[] = ["users", "connections", "queues", "contacts", "tickets", "messages", "schedules", "quickMessages", "tags"];

interface DeleteDetailsProps {
  counts: CompanyCounts | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** What deleting a company takes away: the count of each kind of record, and its media files. */
export function DeleteDetails({ counts, isLoading, isError }: DeleteDetailsProps) {
  const { t } = useTranslation();
  const number = new Intl.NumberFormat(currentLanguage());
  if (isLoading) {
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mt: 2 }} role="status">
        <CircularProgress size={18} />
        <Typography variant="body2">{t("companies.confirmDelete.loading")}</Typography>
      </Box>
    );
  }
  if (isError || !counts) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {t("companies.confirmDelete.loadFailed")}
      </Alert>
    );
  }
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t("companies.confirmDelete.lost")}
      </Typography>
      <Box component="ul" aria-label={t("companies.confirmDelete.lost")} sx={{ m: 0, mt: 1, pl: 2.5, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 3 }}>
        {KINDS.map((kind) => (
          <Typography key={kind} component="li" variant="body2">
            {t(`companies.counts.${kind}`)}: <strong>{number.format(counts[kind])}</strong>
          </Typography>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {t("companies.confirmDelete.media")}
      </Typography>
    </Box>
  );
}
