import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { PublicShell } from "../../components/public-shell.tsx";
import { RequestCodeForm, ResetPasswordForm } from "../../features/password-reset/index.ts";
import { showToast } from "../../lib/toast.ts";

type Step = { name: "request"; email: string } | { name: "reset"; email: string };

/**
 * /forgetpsw (spec admin §2, §4): step 1 mails a code to the account's e-mail, step 2 sets the new
 * password with it, then /login. `?email=` (the link of the mailed message) fills the e-mail and opens
 * step 2. Signed-in users never get here (RedirectIfAuthenticated).
 */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const linkedEmail = searchParams.get("email")?.trim() ?? "";
  const [step, setStep] = useState<Step>(linkedEmail ? { name: "reset", email: linkedEmail } : { name: "request", email: "" });

  return (
    <PublicShell title={t("forgetPassword.title")}>
      {step.name === "request" ? (
        <RequestCodeForm
          key="request"
          defaultEmail={step.email}
          onSent={(email) => {
            showToast(t("forgetPassword.emailSent"), "success");
            setStep({ name: "reset", email });
          }}
          onHaveCode={(email) => setStep({ name: "reset", email })}
        />
      ) : (
        <ResetPasswordForm
          key="reset"
          defaultEmail={step.email}
          onDone={() => {
            showToast(t("forgetPassword.resetDone"), "success");
            void navigate("/login", { replace: true });
          }}
          onRequestNewCode={(email) => setStep({ name: "request", email })}
        />
      )}
      <Button component={RouterLink} to="/login" variant="text" fullWidth sx={{ mt: 1 }}>
        {t("common.backToLogin")}
      </Button>
    </PublicShell>
  );
}
