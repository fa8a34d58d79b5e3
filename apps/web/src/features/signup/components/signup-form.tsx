import { zodResolver } from "@hookform/resolvers/zod";
import { type Plan, TIMINGS } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import ListItemText from "@mui/material/ListItemText";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { errorMessage } from "../../../lib/error-message.ts";
import { currentLanguage } from "../../../lib/i18n.ts";
import { formatMoney } from "../../../lib/money.ts";
import { usePublicPlans } from "../api/public-plans.ts";
import { useSignUp } from "../api/sign-up.ts";
import { maskPhone } from "../utils/phone-mask.ts";
import { type SignupFormValues, buildSignupFormSchema, emptySignupForm, toSignupBody } from "../utils/signup-form.ts";
import { translatedResolver } from "../../../lib/form-errors.ts";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SignupFormProps {
  /** The referring company of /signup?companyId=, sent along. */
  companyId: number | undefined;
  /** After the company was created. */
  onSignedUp: () => void;
}

/**
 * The sign-up form (spec admin §2, §5): company name, e-mail, password, phone in the mask
 * (99) 99999-9999 and a plan of the public list with its price and limits. A refused sign-up shows
 * its catalogue text above the button.
 */
export function SignupForm({ companyId, onSignedUp }: SignupFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const plans = usePublicPlans(true);
  const signUp = useSignUp();
  const schema = useMemo(() => buildSignupFormSchema(t), [t]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormValues>({ resolver: translatedResolver(zodResolver(schema)), defaultValues: emptySignupForm() });

  const onSubmit = async (values: SignupFormValues) => {
    await wait(TIMINGS.formSubmitDelayMs);
    try {
      await signUp.mutateAsync(toSignupBody(values, companyId));
      onSignedUp();
    } catch (error) {
      setError("root", { message: errorMessage(error) });
    }
  };

  const planText = (plan: Plan) => t("signup.planOption", { name: plan.name, value: formatMoney(plan.value, language) });
  const planLimits = (plan: Plan) => t("signup.planLimits", { users: plan.users, connections: plan.connections, queues: plan.queues });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <TextField
        {...register("name")}
        label={t("signup.name")}
        autoComplete="organization"
        autoFocus
        required
        fullWidth
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
      <TextField
        {...register("email")}
        label={t("signup.email")}
        type="email"
        autoComplete="email"
        required
        fullWidth
        error={Boolean(errors.email)}
        helperText={errors.email?.message}
      />
      <TextField
        {...register("password")}
        label={t("signup.password")}
        type="password"
        autoComplete="new-password"
        required
        fullWidth
        error={Boolean(errors.password)}
        helperText={errors.password?.message}
      />
      <Controller
        name="phone"
        control={control}
        render={({ field }) => (
          <TextField
            {...field}
            onChange={(event) => field.onChange(maskPhone(event.target.value))}
            label={t("signup.phone")}
            type="tel"
            autoComplete="tel-national"
            placeholder="(99) 99999-9999"
            fullWidth
            error={Boolean(errors.phone)}
            helperText={errors.phone?.message}
            slotProps={{ htmlInput: { inputMode: "tel", maxLength: 15 } }}
          />
        )}
      />
      {plans.isError ? (
        <LoadErrorAlert onRetry={() => void plans.refetch()} />
      ) : (
        <Controller
          name="planId"
          control={control}
          render={({ field }) => (
            <TextField
              {...field}
              select
              label={t("signup.plan")}
              required
              fullWidth
              disabled={plans.isPending}
              error={Boolean(errors.planId)}
              helperText={errors.planId?.message ?? (plans.data?.length === 0 ? t("signup.noPlans") : undefined)}
              slotProps={{ select: { renderValue: (value) => { const plan = plans.data?.find((entry) => String(entry.id) === value); return plan ? planText(plan) : ""; } } }}
            >
              {(plans.data ?? []).map((plan) => (
                <MenuItem key={plan.id} value={String(plan.id)}>
                  <ListItemText primary={planText(plan)} secondary={planLimits(plan)} />
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      )}
      {errors.root?.message ? (
        <Alert severity="error" role="alert">
          {errors.root.message}
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" size="large" fullWidth loading={isSubmitting}>
        {t("signup.submit")}
      </Button>
    </Stack>
  );
}
