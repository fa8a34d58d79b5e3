import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /queues: queues and chatbot (not built yet). */
export default function QueuesPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.queues")} />;
}
