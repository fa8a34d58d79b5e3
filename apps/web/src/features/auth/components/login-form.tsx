import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginBody, ZLoginBody } from "@conversa/shared";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useAuth } from "../hooks/use-auth.ts";
import { translatedResolver } from "../../../lib/form-errors.ts";

type LoginInput = z.input<typeof ZLoginBody>;

/**
 * E-mail and password form; a failed login shows its catalogue text above the button. An account with
 * two-step verification answers ERR_2FA_REQUIRED: a second step then asks for its code and sends the
 * same login again with it.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [showPassword, setShowPassword] = useState(false);
  const [credentials, setCredentials] = useState<LoginBody | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginBody>({
    resolver: translatedResolver(zodResolver(ZLoginBody)),
    defaultValues: { email: "", password: "" },
  });

  const onSubmit = async (values: LoginBody) => {
    try {
      await login(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === "ERR_2FA_REQUIRED") setCredentials(values);
      else setError("root", { message: errorMessage(error) });
    }
  };

  if (credentials) return <CodeStep credentials={credentials} onBack={() => setCredentials(null)} />;

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <TextField
        {...register("email")}
        label={t("login.email")}
        type="email"
        autoComplete="email"
        autoFocus
        required
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email ? t("login.invalidEmail") : undefined}
      />
      <TextField
        {...register("password")}
        label={t("login.password")}
        type={showPassword ? "text" : "password"}
        autoComplete="current-password"
        required
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password ? t("login.required") : undefined}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")}
                  onClick={() => setShowPassword((shown) => !shown)}
                  edge="end"
                >
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {errors.root?.message ? (
        <Alert severity="error" role="alert">
          {errors.root.message}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t("login.submit")}
      </Button>
    </Stack>
  );
}

/** The login's second step: the code of the authenticator app (or a recovery code), sent with the same e-mail and password. */
function CodeStep({ credentials, onBack }: { credentials: LoginBody; onBack: () => void }) {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === "") return;
    setSubmitting(true);
    setFailure(null);
    try {
      await login({ ...credentials, code: code.trim() });
    } catch (error) {
      setFailure(errorMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
      <Typography variant="body2" color="text.secondary">
        {t("login.codeHelp")}
      </Typography>
      <TextField
        label={t("login.code")}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        autoFocus
        required
        fullWidth
        slotProps={{ htmlInput: { inputMode: "text", maxLength: 32, autoCapitalize: "characters", spellCheck: false } }}
      />
      {failure ? (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t("login.verify")}
      </Button>
      <Button onClick={onBack} disabled={isSubmitting} fullWidth>
        {t("login.back")}
      </Button>
    </Stack>
  );
}
