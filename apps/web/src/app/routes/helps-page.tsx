import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /helps: help videos (not built yet). */
export default function HelpsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.helps")} />;
}
