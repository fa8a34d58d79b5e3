import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /queue-integration (not built yet). */
export default function QueueIntegrationPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.queueIntegration")} />;
}
