import { useTranslation } from "react-i18next";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { CompaniesTab } from "../../features/companies/index.ts";
import { HelpsTab } from "../../features/helps/index.ts";
import { InstallationSection } from "../../features/installation/index.ts";
import { PlansTab } from "../../features/plans/index.ts";
import { SettingsPanel, type SettingsExtraTab } from "../../features/settings/index.ts";

/**
 * /settings: the company's settings and business hours, and for super users the Empresas, Planos and Ajuda
 * tabs (spec admin §2) and the installation's settings (public sign-up) at the foot of the Options tab.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
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
    />
  );
}
