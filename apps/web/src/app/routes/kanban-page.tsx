import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /kanban: tickets by tag (not built yet). */
export default function KanbanPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.kanban")} />;
}
