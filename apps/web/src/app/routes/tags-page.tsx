import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /tags (not built yet). */
export default function TagsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.tags")} />;
}
