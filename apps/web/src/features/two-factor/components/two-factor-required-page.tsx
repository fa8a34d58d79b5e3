import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { TwoFactorSetup } from "./two-factor-setup.tsx";

/**
 * The full page shown instead of the app while two-step verification is required of the user and not
 * on yet: its setup, or logging out. There is nothing else to reach from here.
 */
export function TwoFactorRequiredPage({ onDone, onLogout }: { onDone: () => void; onLogout: () => void }) {
  const { t } = useTranslation();
  return (
    <Box component="main" sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", p: 2, bgcolor: "background.default" }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, width: "100%", maxWidth: 480 }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t("twoFactor.requiredTitle")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("twoFactor.requiredHelp")}
          </Typography>
          <TwoFactorSetup onDone={onDone} />
          <Button onClick={onLogout}>{t("twoFactor.logout")}</Button>
        </Stack>
      </Paper>
    </Box>
  );
}
