import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { BrandMark } from "./brand-mark.tsx";

/** The frame of the public pages (login, sign-up, password reset): the brand and a card. */
export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: "100vh", display: "grid", placeItems: "center", p: 2, bgcolor: "background.default" }}>
      <title>{`${title} · ${t("common.appName")}`}</title>
      <Paper elevation={3} sx={{ width: "100%", maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 1, mb: 3 }}>
          <BrandMark size={56} />
          <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
            {t("common.appName")}
          </Typography>
          <Typography variant="h6" component="h1" color="text.secondary">
            {title}
          </Typography>
        </Box>
        {children}
      </Paper>
    </Box>
  );
}
