import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { QRCodeSVG } from "qrcode.react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageLoader } from "../../../components/page-loader.tsx";
import { downloadBlob } from "../../../lib/download.ts";
import { errorMessage } from "../../../lib/error-message.ts";
import { fieldRefusals, showFormError, stateFormFields } from "../../../lib/form-errors.ts";
import { showToast } from "../../../lib/toast.ts";
import { useEnableTwoFactor, useSetupTwoFactor } from "../api/two-factor.ts";

export interface TwoFactorSetupProps {
  /** After the recovery codes were shown and the user closed them. */
  onDone: () => void;
  onCancel?: () => void;
}

/**
 * Turning two-step verification on: the QR code of a new secret (and the secret as text for manual
 * entry), a code of the app to confirm it, then the ten recovery codes, shown once, to copy or download.
 */
export function TwoFactorSetup({ onDone, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const setup = useSetupTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const { mutate: startSetup } = setup;

  useEffect(() => startSetup(), [startSetup]);

  if (recoveryCodes) return <RecoveryCodes codes={recoveryCodes} onDone={onDone} />;
  if (setup.isError) return <Alert severity="error">{errorMessage(setup.error)}</Alert>;
  if (!setup.data) return <PageLoader />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setFailure(t("twoFactor.codeInvalid"));
      return;
    }
    setFailure(null);
    enable.mutate(code.trim(), {
      onSuccess: (answer) => {
        showToast(t("twoFactor.enabled"), "success");
        setRecoveryCodes(answer.recoveryCodes);
      },
      onError: (error) => {
        // A field refusal goes under the code; any other failure is said there too, besides the toast.
        const underField = fieldRefusals(error).length > 0;
        showFormError(error, stateFormFields(["code"], (_field, message) => setFailure(message)));
        if (!underField) setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      <Typography variant="body2">{t("twoFactor.scan")}</Typography>
      <Box sx={{ alignSelf: "center", p: 1.5, bgcolor: "#fff", borderRadius: 1, lineHeight: 0 }}>
        <QRCodeSVG value={setup.data.otpauthUrl} size={180} role="img" aria-label={t("twoFactor.qrLabel")} />
      </Box>
      <TextField
        label={t("twoFactor.secret")}
        value={setup.data.secret}
        fullWidth
        slotProps={{ htmlInput: { readOnly: true, "data-testid": "two-factor-secret", style: { fontFamily: "monospace" } } }}
      />
      <TextField
        label={t("twoFactor.code")}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        required
        fullWidth
        error={failure !== null}
        helperText={failure ?? undefined}
        slotProps={{ htmlInput: { inputMode: "numeric", maxLength: 6 } }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={enable.isPending}>
            {t("common.cancel")}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={enable.isPending}>
          {t("twoFactor.confirm")}
        </Button>
      </Stack>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const text = codes.join("\n");
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(() => showToast(t("twoFactor.copied"), "success"));
  };
  const download = () => downloadBlob(new Blob([`${text}\n`], { type: "text/plain" }), "conversa-recovery-codes.txt");
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle2" component="h3">
        {t("twoFactor.recoveryTitle")}
      </Typography>
      <Alert severity="warning">{t("twoFactor.recoveryHelp")}</Alert>
      <Box
        component="ul"
        aria-label={t("twoFactor.recoveryTitle")}
        sx={{ m: 0, p: 2, listStyle: "none", display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1, fontFamily: "monospace", bgcolor: "action.hover", borderRadius: 1 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
        <Button onClick={copy}>{t("twoFactor.copy")}</Button>
        <Button onClick={download}>{t("twoFactor.download")}</Button>
        <Button variant="contained" onClick={onDone}>
          {t("twoFactor.done")}
        </Button>
      </Stack>
    </Stack>
  );
}
