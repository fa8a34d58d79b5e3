import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /tickets and /tickets/:ticketUuid: the tickets inbox (not built yet). */
export default function TicketsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.tickets")} />;
}
