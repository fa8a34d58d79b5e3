import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PublicShell } from "../../components/public-shell.tsx";

/** /forgetpsw: password reset is not built yet; says so and leads back to /login. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t("forgetPassword.title")}>
      <Alert severity="info">{t("forgetPassword.unavailable")}</Alert>
      <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
        {t("common.backToLogin")}
      </Button>
    </PublicShell>
  );
}
