import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /settings: company settings (not built yet). */
export default function SettingsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.settings")} />;
}
