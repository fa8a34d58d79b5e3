import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface PageContainerProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** A private page: its title (also the document title) and its content. */
export function PageContainer({ title, actions, children }: PageContainerProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1200, mx: "auto", width: "100%" }}>
      <title>{`${title} · ${t("common.appName")}`}</title>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
