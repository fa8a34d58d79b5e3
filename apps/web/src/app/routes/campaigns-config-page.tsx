import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /campaigns-config (not built yet). */
export default function CampaignsConfigPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.campaignsConfig")} />;
}
