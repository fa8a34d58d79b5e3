import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /quick-messages: quick replies (not built yet). */
export default function QuickMessagesPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.quickMessages")} />;
}
