import { ZIdText } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { LoadErrorAlert } from "../../components/list/list-states.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { PublicShell } from "../../components/public-shell.tsx";
import { SignupForm, useSignupStatus } from "../../features/signup/index.ts";
import { showToast } from "../../lib/toast.ts";

/**
 * /signup (public; spec admin §2): a company signs itself up with a trial of 3 days, then logs in.
 * `?companyId=` names the referring company and is sent along. When a super user closed sign-up, the
 * page says so.
 */
export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const status = useSignupStatus();
  const referrer = ZIdText.safeParse(params.get("companyId") ?? undefined);

  const onSignedUp = () => {
    showToast(t("signup.success"), "success");
    void navigate("/login");
  };

  return (
    <PublicShell title={t("signup.title")}>
      {status.isPending ? (
        <PageLoader />
      ) : status.isError ? (
        <LoadErrorAlert onRetry={() => void status.refetch()} />
      ) : status.data.enabled ? (
        <SignupForm companyId={referrer.success ? referrer.data : undefined} onSignedUp={onSignedUp} />
      ) : (
        <>
          <Alert severity="info">{t("signup.closed")}</Alert>
          <Button component={RouterLink} to="/login" variant="contained" fullWidth sx={{ mt: 3 }}>
            {t("common.backToLogin")}
          </Button>
        </>
      )}
      {status.data?.enabled ? (
        <Typography variant="body2" sx={{ mt: 2, textAlign: "center" }}>
          <Link component={RouterLink} to="/login">
            {t("signup.haveAccount")}
          </Link>
        </Typography>
      ) : null}
    </PublicShell>
  );
}
