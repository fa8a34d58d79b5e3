import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /chats/:chatUuid?: internal chat (not built yet). */
export default function ChatsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.chats")} />;
}
