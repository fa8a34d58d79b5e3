import { useTranslation } from "react-i18next";
import { can } from "@conversa/shared";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { useConnections } from "../../features/connections/api/list-connections.ts";
import { useQueues } from "../../features/connections/api/list-queues.ts";
import { CompaniesTab } from "../../features/companies/index.ts";
import { HelpsTab } from "../../features/helps/index.ts";
import { InstallationSection } from "../../features/installation/index.ts";
import { PlansTab } from "../../features/plans/index.ts";
import { type OutOfHoursGaps, SettingsPanel, type SettingsExtraTab } from "../../features/settings/index.ts";

/**
 * /settings: the company's settings and business hours, and for super users the Empresas, Planos and Ajuda
 * tabs (spec admin §2) and the installation's settings (public sign-up) at the foot of the Options tab.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const isAdmin = !!user && can({ profile: user.profile, isSuper: user.super }, "settings:edit");
  const connections = useConnections({ enabled: isAdmin, silentError: true });
  const queues = useQueues(isAdmin);
  if (!user) return null;
  const outOfHoursGaps: OutOfHoursGaps = {
    company: (connections.data ?? []).filter((connection) => !connection.outOfHoursMessage.trim()).map((connection) => connection.name),
    queue: (queues.data ?? []).filter((queue) => !queue.outOfHoursMessage.trim()).map((queue) => queue.name),
  };
  const superTabs: SettingsExtraTab[] = user.super
    ? [
        { value: "companies", label: t("settings.tabs.companies"), content: <CompaniesTab ownCompanyId={user.companyId} /> },
        { value: "plans", label: t("settings.tabs.plans"), content: <PlansTab /> },
        { value: "helps", label: t("settings.tabs.helps"), content: <HelpsTab /> },
      ]
    : [];
  return (
    <SettingsPanel
      actor={{ profile: user.profile, isSuper: user.super }}
      companyId={user.companyId}
      extraTabs={superTabs}
      optionsExtra={user.super ? <InstallationSection /> : undefined}
      outOfHoursGaps={outOfHoursGaps}
    />
  );
}
