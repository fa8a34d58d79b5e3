import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /connections: WhatsApp connections (not built yet). */
export default function ConnectionsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.connections")} />;
}
