import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /schedules: scheduled messages (not built yet). */
export default function SchedulesPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.schedules")} />;
}
