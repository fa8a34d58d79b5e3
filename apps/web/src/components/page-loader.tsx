import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import { useTranslation } from "react-i18next";

/** A centred spinner while a page or the session loads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "grid", placeItems: "center", minHeight: fullScreen ? "100vh" : 240, width: "100%" }}>
      <CircularProgress aria-label={t("common.loading")} />
    </Box>
  );
}
