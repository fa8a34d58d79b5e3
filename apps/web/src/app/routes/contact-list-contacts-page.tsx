import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /contact-lists/:contactListId/contacts (not built yet). */
export default function ContactListContactsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("pages.contactListContacts")} />;
}
