import ErrorOutlineOutlined from "@mui/icons-material/ErrorOutlineOutlined";
import Button from "@mui/material/Button";
import Box from "@mui/material/Box";
import { useTranslation } from "react-i18next";
import { EmptyState } from "./empty-state.tsx";

/** Shown when a page fails to render or its code cannot be loaded. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3, maxWidth: 720, mx: "auto" }}>
      <EmptyState
        icon={<ErrorOutlineOutlined />}
        message={t("errors.generic")}
        action={
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t("topBar.reload")}
          </Button>
        }
      />
    </Box>
  );
}
