import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /contact-lists (not built yet). */
export default function ContactListsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.contactLists")} />;
}
