import Close from "@mui/icons-material/Close";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Tooltip from "@mui/material/Tooltip";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "../../../lib/toast.ts";
import { useUpdateSetting } from "../api/update-setting.ts";
import { type OptionSettingKey, type SelectValue, textToSend } from "../utils/setting-controls.ts";
import { SettingRow } from "./setting-row.tsx";

interface ControlProps {
  settingKey: OptionSettingKey;
  /** The stored value ("" for a secret). */
  stored: string;
  disabled: boolean;
}

/** Sends one change at once and says so: the row shows 'Atualizando...', then the success toast. */
function useSettingChange() {
  const { t } = useTranslation();
  const update = useUpdateSetting();
  const send = (key: OptionSettingKey, value: string, onDone?: () => void) =>
    update.mutate(
      { key, value },
      {
        onSuccess: () => {
          showToast(t("settings.updated"), "success");
          onDone?.();
        },
      },
    );
  // While the change travels the control shows the value asked for; a failure puts the stored one back.
  const pendingValue = update.isPending ? update.variables?.value : undefined;
  return { send, pendingValue, isUpdating: update.isPending };
}

/** An enabled/disabled setting as a switch. */
export function SettingSwitch({ settingKey, stored, disabled }: ControlProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const { send, pendingValue, isUpdating } = useSettingChange();
  const checked = (pendingValue ?? stored) === "enabled";
  return (
    <SettingRow labelId={labelId} label={t(`settings.keys.${settingKey}.label`)} description={t(`settings.keys.${settingKey}.help`)} isUpdating={isUpdating} compact>
      <Switch
        checked={checked}
        disabled={disabled || isUpdating}
        onChange={(event) => send(settingKey, event.target.checked ? "enabled" : "disabled")}
        slotProps={{ input: { "aria-labelledby": labelId } }}
      />
    </SettingRow>
  );
}

/** A setting with a fixed set of values as a select. */
export function SettingSelect({ settingKey, stored, disabled, options }: ControlProps & { options: readonly SelectValue[] }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { send, pendingValue, isUpdating } = useSettingChange();
  const label = t(`settings.keys.${settingKey}.label`);
  return (
    <SettingRow labelId={labelId} label={label} description={t(`settings.keys.${settingKey}.help`)} isUpdating={isUpdating}>
      <TextField
        select
        size="small"
        fullWidth
        value={pendingValue ?? stored}
        disabled={disabled || isUpdating}
        onChange={(event) => send(settingKey, event.target.value)}
        slotProps={{ select: { inputProps: { "aria-label": label } } }}
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`settings.values.${option}`)}
          </MenuItem>
        ))}
      </TextField>
    </SettingRow>
  );
}

/**
 * A free-text setting (integration credentials), sent when the field is left or Enter is pressed.
 * A secret is never shown: the field says whether one is stored, typing replaces it, the cross removes it.
 */
export function SettingTextField({ settingKey, stored, disabled, secret, hasValue }: ControlProps & { secret: boolean; hasValue: boolean }) {
  const { t } = useTranslation();
  const labelId = useId();
  const { send, isUpdating } = useSettingChange();
  // Edited locally; a new stored value (a save, or another admin's change) starts it again.
  const [draft, setDraft] = useState({ stored, input: secret ? "" : stored });
  const input = draft.stored === stored ? draft.input : secret ? "" : stored;
  const label = t(`settings.keys.${settingKey}.label`);

  const commit = () => {
    const value = textToSend(input, stored, secret);
    if (value !== null) send(settingKey, value, () => setDraft({ stored, input: secret ? "" : value }));
  };

  return (
    <SettingRow labelId={labelId} label={label} description={t(secret && hasValue ? "settings.secretStored" : `settings.keys.${settingKey}.help`)} isUpdating={isUpdating}>
      <TextField
        size="small"
        fullWidth
        type={secret ? "password" : "text"}
        autoComplete="off"
        value={input}
        disabled={disabled || isUpdating}
        placeholder={secret && hasValue ? t("settings.secretPlaceholder") : undefined}
        onChange={(event) => setDraft({ stored, input: event.target.value })}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            if (event.target instanceof HTMLElement) event.target.blur();
          }
        }}
        slotProps={{
          htmlInput: { "aria-label": label, maxLength: 500 },
          input: {
            endAdornment:
              secret && hasValue && !disabled ? (
                <InputAdornment position="end">
                  <Tooltip title={t("settings.removeSecret")}>
                    <IconButton size="small" edge="end" aria-label={`${t("settings.removeSecret")}: ${label}`} disabled={isUpdating} onClick={() => send(settingKey, "")}>
                      <Close fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ) : undefined,
          },
        }}
      />
    </SettingRow>
  );
}
