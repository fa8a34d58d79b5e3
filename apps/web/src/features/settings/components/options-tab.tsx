import type { Setting } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { GENERAL_CONTROLS, INTEGRATION_GROUPS, type SettingControl, hasSecretValue, settingValue } from "../utils/setting-controls.ts";
import { SettingSelect, SettingSwitch, SettingTextField } from "./setting-controls.tsx";

interface OptionsTabProps {
  settings: readonly Setting[];
  /** Admins change settings ("settings:edit"); everyone else sees them disabled. */
  canEdit: boolean;
}

function Control({ control, settings, canEdit }: { control: SettingControl; settings: readonly Setting[]; canEdit: boolean }) {
  const stored = settingValue(settings, control.key);
  switch (control.kind) {
    case "toggle":
      return <SettingSwitch settingKey={control.key} stored={stored} disabled={!canEdit} />;
    case "select":
      return <SettingSelect settingKey={control.key} stored={stored} disabled={!canEdit} options={control.options} />;
    case "text":
      return <SettingTextField settingKey={control.key} stored={stored} disabled={!canEdit} secret={control.secret} hasValue={hasSecretValue(settings, control.key)} />;
  }
}

/** The Options tab (spec admin §2): one control per setting, each change sent at once. */
export function OptionsTab({ settings, canEdit }: OptionsTabProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      {!canEdit && <Alert severity="info">{t("settings.readOnly")}</Alert>}
      <Paper variant="outlined">
        {GENERAL_CONTROLS.map((control) => (
          <Control key={control.key} control={control} settings={settings} canEdit={canEdit} />
        ))}
      </Paper>
      {INTEGRATION_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`settings-${group.id}`}>
          <Typography id={`settings-${group.id}`} variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            {t(`settings.integrations.${group.id}`)}
          </Typography>
          <Paper variant="outlined">
            {group.controls.map((control) => (
              <Control key={control.key} control={control} settings={settings} canEdit={canEdit} />
            ))}
          </Paper>
        </section>
      ))}
    </Stack>
  );
}
