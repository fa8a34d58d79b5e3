import { type Actor, can } from "@conversa/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../../components/page-container.tsx";
import { PageLoader } from "../../../components/page-loader.tsx";
import { useSettings } from "../api/list-settings.ts";
import { useSettingsLiveUpdates } from "../hooks/use-settings-live-updates.ts";
import { settingValue } from "../utils/setting-controls.ts";
import { CompanyHoursTab } from "./company-hours-tab.tsx";
import { OptionsTab } from "./options-tab.tsx";

/** A further tab the page composes (the super users' Empresas, Planos and Ajuda). */
export interface SettingsExtraTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** Names of the connections (hours by company) and queues (hours by queue) whose out-of-hours message is empty. */
export interface OutOfHoursGaps {
  company: readonly string[];
  queue: readonly string[];
}

interface SettingsPanelProps {
  actor: Actor;
  companyId: number;
  extraTabs?: readonly SettingsExtraTab[];
  /** More sections at the foot of the Options tab, composed by the page (the super users' Instalação). */
  optionsExtra?: ReactNode;
  /** Composed by the page from the connections and queues: while hours are on, an empty notice leaves customers unanswered. */
  outOfHoursGaps?: OutOfHoursGaps;
}

/**
 * The Settings page (spec admin §2): the Options tab for everyone (changes for admins only), the
 * Horarios tab while scheduleType is "company", then any tabs the page adds.
 */
export function SettingsPanel({ actor, companyId, extraTabs = [], optionsExtra, outOfHoursGaps }: SettingsPanelProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  useSettingsLiveUpdates();
  const baseId = useId();
  const [chosen, setChosen] = useState("options");
  const canEdit = can(actor, "settings:edit");
  const scheduleType = settingValue(settings.data, "scheduleType");
  const showHours = scheduleType === "company";
  const unanswered = scheduleType === "company" || scheduleType === "queue" ? (outOfHoursGaps?.[scheduleType] ?? []) : [];
  const tabs = [
    { value: "options", label: t("settings.tabs.options") },
    ...(showHours ? [{ value: "hours", label: t("settings.tabs.hours") }] : []),
    ...extraTabs.map(({ value, label }) => ({ value, label })),
  ];
  // A tab that disappears (scheduleType changed) falls back to Options.
  const current = tabs.some((tab) => tab.value === chosen) ? chosen : "options";
  const extra = extraTabs.find((tab) => tab.value === current);

  return (
    <PageContainer title={t("menu.settings")}>
      <Box sx={{ borderBottom: 1, borderColor: "divider", mb: 3 }}>
        <Tabs value={current} onChange={(_event, value: string) => setChosen(value)} variant="scrollable" allowScrollButtonsMobile aria-label={t("menu.settings")}>
          {tabs.map((tab) => (
            <Tab key={tab.value} value={tab.value} label={tab.label} id={`${baseId}-tab-${tab.value}`} aria-controls={`${baseId}-panel-${tab.value}`} />
          ))}
        </Tabs>
      </Box>
      {canEdit && unanswered.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t("settings.hours.noOutOfHoursMessage", { names: unanswered.join(", ") })}
        </Alert>
      )}
      <Box role="tabpanel" id={`${baseId}-panel-${current}`} aria-labelledby={`${baseId}-tab-${current}`}>
        {current === "options" &&
          (settings.isPending ? <PageLoader /> : settings.data ? <OptionsTab settings={settings.data} canEdit={canEdit} /> : <Alert severity="error">{t("list.loadError")}</Alert>)}
        {current === "options" && optionsExtra ? <Box sx={{ mt: 3 }}>{optionsExtra}</Box> : null}
        {current === "hours" && <CompanyHoursTab companyId={companyId} canEdit={canEdit} />}
        {extra?.content}
      </Box>
    </PageContainer>
  );
}
