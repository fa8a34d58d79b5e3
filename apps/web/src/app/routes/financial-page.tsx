import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /financeiro: invoices (not built yet). */
export default function FinancialPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.financial")} />;
}
