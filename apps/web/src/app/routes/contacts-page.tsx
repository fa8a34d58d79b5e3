import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /contacts (not built yet). */
export default function ContactsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.contacts")} />;
}
