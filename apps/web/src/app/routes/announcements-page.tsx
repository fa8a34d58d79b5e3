import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /announcements (super users; not built yet). */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.announcements")} />;
}
