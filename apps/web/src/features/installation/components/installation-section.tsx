import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { LoadErrorAlert } from "../../../components/list/list-states.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { showToast } from "../../../lib/toast.ts";
import { useInstallationSettings, useUpdateInstallationSetting } from "../api/installation-settings.ts";

/** The installation's on/off settings this section shows, in order. */
const SWITCHES = ["signupEnabled", "requireSuperUser2fa"] as const;

/**
 * The "Instalação" section of the Options tab, for super users only: settings of the whole
 * installation. "Cadastro público" opens or closes /signup; "Exigir verificação em duas etapas dos
 * super usuários" takes super users without it to its setup. Like every setting, a change is sent at
 * once, 'Atualizando...' shows, then the success toast.
 */
export function InstallationSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const settings = useInstallationSettings();

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
        </Paper>
      )}
    </section>
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
