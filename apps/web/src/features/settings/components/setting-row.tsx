import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

interface SettingRowProps {
  labelId: string;
  label: string;
  description: string;
  /** A change of this setting is being sent: the 'Atualizando...' hint shows instead of the description. */
  isUpdating: boolean;
  /** A small control (a switch) stays beside the text on phones too. */
  compact?: boolean;
  children: ReactNode;
}

/** One setting: its name and what it does on the left, its control on the right (below on phones). */
export function SettingRow({ labelId, label, description, isUpdating, compact = false, children }: SettingRowProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: { xs: compact ? "row" : "column", sm: "row" },
        alignItems: { xs: compact ? "center" : "stretch", sm: "center" },
        gap: { xs: 1, sm: 3 },
        py: 1.75,
        px: 2,
        "&:not(:last-of-type)": { borderBottom: 1, borderColor: "divider" },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={labelId} sx={{ fontWeight: 500 }}>
          {label}
        </Typography>
        <Typography variant="body2" color={isUpdating ? "primary" : "text.secondary"} aria-live="polite">
          {isUpdating ? t("settings.updating") : description}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0, width: { xs: compact ? "auto" : "100%", sm: 280 }, display: "flex", justifyContent: { xs: compact ? "flex-end" : "flex-start", sm: "flex-end" } }}>
        {children}
      </Box>
    </Box>
  );
}
