import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { fieldRefusals } from "../../../lib/form-errors.ts";
import { showToast } from "../../../lib/toast.ts";
import { useInstallationSettings, useUpdateInstallationSetting } from "../api/installation-settings.ts";

/** The installation's on/off settings this section shows, in order. */
const SWITCHES = ["signupEnabled", "requireSuperUser2fa"] as const;

/**
 * The "Instalação" section of the Options tab, for super users only: settings of the whole
 * installation. "Cadastro público" opens or closes /signup; "Exigir verificação em duas etapas dos
 * super usuários" takes super users without it to its setup. Like every switch, a change is sent at
 * once, 'Atualizando...' shows, then the success toast. The audit log's retention (days) is saved
 * with its own button once it holds a whole number from 30 to 3650.
 */
export function InstallationSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const settings = useInstallationSettings();
  const retention = settings.data?.find((setting) => setting.key === "auditRetentionDays")?.value ?? "365";

  return (
    <section aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t("installation.heading")}
      </Typography>
      {settings.isPending ? (
        <PageLoader />
      ) : settings.isError ? (
        <LoadErrorAlert onRetry={() => void settings.refetch()} />
      ) : (
        <Paper variant="outlined">
          {SWITCHES.map((key) => (
            <InstallationSwitch key={key} settingKey={key} stored={settings.data.find((setting) => setting.key === key)?.value} />
          ))}
          <Divider />
          <RetentionRow key={retention} stored={retention} />
        </Paper>
      )}
    </section>
  );
}

/** Whether a retention value is a whole number of days the server accepts (30 to 3650). */
function isValidRetention(value: string): boolean {
  return /^\d{1,4}$/.test(value) && Number(value) >= 30 && Number(value) <= 3650;
}

/** The audit log's retention in days: checked as typed, saved with its button. */
function RetentionRow({ stored }: { stored: string }) {
  const { t } = useTranslation();
  const update = useUpdateInstallationSetting();
  const [draft, setDraft] = useState(stored);
  const [refusal, setRefusal] = useState<string | null>(null);
  const invalid = !isValidRetention(draft.trim());
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || draft.trim() === stored) return;
    setRefusal(null);
    update.mutate(
      { key: "auditRetentionDays", value: draft.trim() },
      {
        onSuccess: () => showToast(t("settings.updated"), "success"),
        // The toast is the mutation's own; a refusal of the value also goes under the field.
        onError: (error) => setRefusal(fieldRefusals(error).find((refused) => refused.field === "value")?.message ?? null),
      },
    );
  };
  return (
    <Box component="form" noValidate onSubmit={save} sx={{ display: "flex", alignItems: "flex-start", flexWrap: "wrap", gap: 2, py: 1.75, px: 2 }}>
      <TextField
        size="small"
        type="number"
        label={t("installation.auditRetentionDays.label")}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={invalid || refusal !== null}
        helperText={invalid ? t("installation.auditRetentionDays.invalid") : (refusal ?? t("installation.auditRetentionDays.help"))}
        slotProps={{ htmlInput: { min: 30, max: 3650, step: 1 } }}
        sx={{ flex: "1 1 260px", maxWidth: 480 }}
      />
      <Button type="submit" variant="contained" disabled={invalid || draft.trim() === stored} loading={update.isPending} sx={{ mt: 0.25 }}>
        {t("recordEditor.save")}
      </Button>
    </Box>
  );
}

function InstallationSwitch({ settingKey, stored }: { settingKey: (typeof SWITCHES)[number]; stored: string | undefined }) {
  const { t } = useTranslation();
  const labelId = useId();
  const update = useUpdateInstallationSetting();
  const value = update.isPending ? update.variables.value : stored;
  const change = (enabled: boolean) =>
    update.mutate({ key: settingKey, value: String(enabled) }, { onSuccess: () => showToast(t("settings.updated"), "success") });
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: { xs: 1, sm: 3 }, py: 1.75, px: 2 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={labelId} sx={{ fontWeight: 500 }}>
          {t(`installation.${settingKey}.label`)}
        </Typography>
        <Typography variant="body2" color={update.isPending ? "primary" : "text.secondary"} aria-live="polite">
          {update.isPending ? t("settings.updating") : t(`installation.${settingKey}.help`)}
        </Typography>
      </Box>
      <Switch
        checked={value === "true"}
        disabled={update.isPending}
        onChange={(event) => change(event.target.checked)}
        slotProps={{ input: { "aria-labelledby": labelId } }}
      />
    </Box>
  );
}
