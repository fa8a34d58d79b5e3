import Alert from "@mui/material/Alert";
import LinearProgress from "@mui/material/LinearProgress";
import Paper from "@mui/material/Paper";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../../lib/bytes.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { useCompanyStorage } from "../api/company-storage.ts";

/** From this share of the quota on, the bar turns to the warning colour. */
const WARNING_SHARE = 0.8;

/**
 * The Armazenamento card: what the company's media take against its plan's quota ("1,2 GB de 5 GB"),
 * with a bar that warns near the limit and says, at the limit, what is refused and what is still kept.
 */
export function StorageUsage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const storage = useCompanyStorage();
  const data = storage.data;
  const share = data && data.quotaBytes !== null ? data.usedBytes / data.quotaBytes : null;
  const color = share === null ? "primary" : share >= 1 ? "error" : share >= WARNING_SHARE ? "warning" : "primary";
  return (
    <Paper variant="outlined" sx={{ p: 3, maxWidth: 520, mt: 2 }} component="section" aria-labelledby="storage-usage-title">
      <Typography id="storage-usage-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {t("storage.title")}
      </Typography>
      {storage.isError ? (
        <Alert severity="error">{t("storage.loadFailed")}</Alert>
      ) : !data ? (
        <Skeleton variant="rounded" height={32} />
      ) : (
        <Stack spacing={1}>
          <Typography variant="body2">
            {data.quotaBytes === null
              ? t("storage.unlimited", { used: formatBytes(data.usedBytes, language) })
              : t("storage.usage", { used: formatBytes(data.usedBytes, language), quota: formatBytes(data.quotaBytes, language) })}
          </Typography>
          {share !== null && (
            <LinearProgress variant="determinate" value={Math.min(100, share * 100)} color={color} aria-label={t("storage.bar")} sx={{ height: 8, borderRadius: 4 }} />
          )}
          {share !== null && share >= 1 && (
            <Alert severity="warning" variant="outlined">
              {t("storage.full")}
            </Alert>
          )}
        </Stack>
      )}
    </Paper>
  );
}
