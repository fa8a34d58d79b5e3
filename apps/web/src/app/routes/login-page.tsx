import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PublicShell } from "../../components/public-shell.tsx";
import { LoginForm } from "../../features/auth/components/login-form.tsx";

/** /login: e-mail and password, with links to password reset and sign-up. */
export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <PublicShell title={t("login.title")}>
      <LoginForm />
      <Stack direction="row" sx={{ justifyContent: "space-between", mt: 2, flexWrap: "wrap", gap: 1 }}>
        <Link component={RouterLink} to="/forgetpsw" variant="body2">
          {t("login.forgotPassword")}
        </Link>
        <Link component={RouterLink} to="/signup" variant="body2">
          {t("login.signup")}
        </Link>
      </Stack>
    </PublicShell>
  );
}
