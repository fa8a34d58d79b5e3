import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /campaign/:campaignId/report (not built yet). */
export default function CampaignReportPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("pages.campaignReport")} />;
}
