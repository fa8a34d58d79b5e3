import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ApiError } from "../../../lib/api-client.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { useRequestResetCode } from "../api/request-reset-code.ts";
import { type RequestCodeValues, ZRequestCodeForm } from "../utils/reset-forms.ts";
import { translatedResolver } from "../../../lib/form-errors.ts";

interface RequestCodeFormProps {
  defaultEmail: string;
  /** The code was mailed to `email`. */
  onSent: (email: string) => void;
  /** The visitor already has a code: go to the reset step with what was typed. */
  onHaveCode: (email: string) => void;
}

/** Step 1 of the password reset: the account's e-mail; 404 says 'Email não encontrado' (spec admin §8). */
export function RequestCodeForm({ defaultEmail, onSent, onHaveCode }: RequestCodeFormProps) {
  const { t } = useTranslation();
  const request = useRequestResetCode();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZRequestCodeForm>, unknown, RequestCodeValues>({
    resolver: translatedResolver(zodResolver(ZRequestCodeForm)),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = async ({ email }: RequestCodeValues) => {
    try {
      await request.mutateAsync(email);
      onSent(email);
    } catch (error) {
      const notFound = error instanceof ApiError && error.status === 404;
      setError("root", { message: notFound ? t("forgetPassword.emailNotFound") : errorMessage(error) });
    }
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <Typography variant="body2" color="text.secondary">
        {t("forgetPassword.requestIntro")}
      </Typography>
      <TextField
        {...register("email")}
        label={t("forgetPassword.email")}
        type="email"
        autoComplete="email"
        autoFocus
        required
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email ? t("forgetPassword.invalidEmail") : undefined}
      />
      {errors.root?.message ? (
        <Alert severity="error" role="alert">
          {errors.root.message}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t("forgetPassword.sendCode")}
      </Button>
      <Button variant="text" onClick={() => onHaveCode(getValues("email").trim().toLowerCase())}>
        {t("forgetPassword.haveCode")}
      </Button>
    </Stack>
  );
}
