import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /subscription (not built yet). */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("pages.subscription")} />;
}
