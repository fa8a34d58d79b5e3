import { zodResolver } from "@hookform/resolvers/zod";
import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { errorMessage } from "../../../lib/error-message.ts";
import { useResetPassword } from "../api/reset-password.ts";
import { type ResetPasswordValues, ZResetPasswordForm } from "../utils/reset-forms.ts";
import { translatedResolver } from "../../../lib/form-errors.ts";

interface ResetPasswordFormProps {
  defaultEmail: string;
  /** The password was set. */
  onDone: () => void;
  /** Back to step 1, to have a new code mailed. */
  onRequestNewCode: (email: string) => void;
}

/** Step 2 of the password reset: the mailed code, the new password (spec admin §5) and its confirmation. */
export function ResetPasswordForm({ defaultEmail, onDone, onRequestNewCode }: ResetPasswordFormProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [showPassword, setShowPassword] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZResetPasswordForm>, unknown, ResetPasswordValues>({
    resolver: translatedResolver(zodResolver(ZResetPasswordForm)),
    defaultValues: { email: defaultEmail, code: "", password: "", confirmation: "" },
  });

  const onSubmit = async (values: ResetPasswordValues) => {
    try {
      await reset.mutateAsync({ email: values.email, code: values.code, password: values.password });
      onDone();
    } catch (error) {
      setError("root", { message: errorMessage(error) });
    }
  };

  const passwordType = showPassword ? "text" : "password";
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <Typography variant="body2" color="text.secondary">
        {t("forgetPassword.resetIntro")}
      </Typography>
      <TextField
        {...register("email")}
        label={t("forgetPassword.email")}
        type="email"
        autoComplete="email"
        required
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email ? t("forgetPassword.invalidEmail") : undefined}
      />
      <TextField
        {...register("code")}
        label={t("forgetPassword.code")}
        autoComplete="one-time-code"
        autoFocus
        required
        fullWidth
        error={Boolean(errors.code)}
        helperText={errors.code ? t("forgetPassword.codeRequired") : undefined}
        slotProps={{ htmlInput: { autoCapitalize: "characters", spellCheck: false, maxLength: 32 } }}
      />
      <TextField
        {...register("password")}
        label={t("forgetPassword.newPassword")}
        type={passwordType}
        autoComplete="new-password"
        required
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password ? t("common.passwordRule") : undefined}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={showPassword ? t("login.hidePassword") : t("login.showPassword")} onClick={() => setShowPassword((shown) => !shown)} edge="end">
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        {...register("confirmation")}
        label={t("forgetPassword.confirmPassword")}
        type={passwordType}
        autoComplete="new-password"
        required
        fullWidth
        error={Boolean(errors.confirmation)}
        helperText={errors.confirmation ? t("forgetPassword.passwordsDiffer") : undefined}
      />
      {errors.root?.message ? (
        <Alert severity="error" role="alert">
          {errors.root.message}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t("forgetPassword.submitReset")}
      </Button>
      <Button variant="text" onClick={() => onRequestNewCode(getValues("email").trim().toLowerCase())}>
        {t("forgetPassword.newCode")}
      </Button>
    </Stack>
  );
}
