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
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { errorMessage } from "../../../lib/error-message.ts";
import { useAuth } from "../hooks/use-auth.ts";
import { translatedResolver } from "../../../lib/form-errors.ts";

type LoginInput = z.input<typeof ZLoginBody>;

/** E-mail and password form; a failed login shows its catalogue text above the button. */
export function LoginForm() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [showPassword, setShowPassword] = useState(false);
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
      setError("root", { message: errorMessage(error) });
    }
  };

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
