import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/error-message.ts";
import { fieldRefusals, showFormError, stateFormFields } from "../../../lib/form-errors.ts";
import { showToast } from "../../../lib/toast.ts";
import { useDisableTwoFactor } from "../api/two-factor.ts";
import { TwoFactorSetup } from "./two-factor-setup.tsx";

export interface TwoFactorSectionProps {
  /** Whether the signed-in user has it on. */
  enabled: boolean;
  /** After it was turned on or off: the session user is read again. */
  onChanged: () => void;
}

/** Profile's "Verificação em duas etapas": its state, and turning it on (setup) or off (password and code). */
export function TwoFactorSection({ enabled, onChanged }: TwoFactorSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [mode, setMode] = useState<"idle" | "setup" | "disable">("idle");

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t("twoFactor.title")}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(enabled ? "twoFactor.statusOn" : "twoFactor.statusOff")}
      </Typography>
      {mode === "setup" ? (
        <TwoFactorSetup
          onCancel={() => setMode("idle")}
          onDone={() => {
            setMode("idle");
            onChanged();
          }}
        />
      ) : mode === "disable" ? (
        <DisableForm
          onCancel={() => setMode("idle")}
          onDone={() => {
            setMode("idle");
            onChanged();
          }}
        />
      ) : (
        <Stack direction="row">
          <Button variant="outlined" color={enabled ? "error" : "primary"} onClick={() => setMode(enabled ? "disable" : "setup")}>
            {t(enabled ? "twoFactor.turnOff" : "twoFactor.turnOn")}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function DisableForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTwoFactor();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [passwordFailure, setPasswordFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === "" || code.trim() === "") return;
    setFailure(null);
    setPasswordFailure(null);
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          showToast(t("twoFactor.disabled"), "success");
          onDone();
        },
        onError: (error) => {
          const underField = fieldRefusals(error).length > 0;
          showFormError(error, stateFormFields(["password", "code"], (field, message) => (field === "password" ? setPasswordFailure(message) : setFailure(message))));
          if (!underField) setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <TextField label={t("twoFactor.password")} type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" required fullWidth error={passwordFailure !== null} helperText={passwordFailure ?? undefined} />
      <TextField
        label={t("twoFactor.codeOrRecovery")}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        required
        fullWidth
        error={failure !== null}
        helperText={failure ?? undefined}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        <Button onClick={onCancel} disabled={disable.isPending}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" variant="contained" color="error" loading={disable.isPending}>
          {t("twoFactor.turnOff")}
        </Button>
      </Stack>
    </Stack>
  );
}
