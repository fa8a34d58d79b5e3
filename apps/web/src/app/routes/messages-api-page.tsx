import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /messages-api: external API documentation (not built yet). */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.messagesApi")} />;
}
