import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /campaigns (not built yet). */
export default function CampaignsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.campaigns")} />;
}
