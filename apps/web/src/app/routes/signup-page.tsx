import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PublicShell } from "../../components/public-shell.tsx";

/** /signup: company sign-up is not built yet; says so and leads back to /login. */
export default function SignupPage() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t("signup.title")}>
      <Alert severity="info">{t("signup.unavailable")}</Alert>
      <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
        {t("common.backToLogin")}
      </Button>
    </PublicShell>
  );
}
