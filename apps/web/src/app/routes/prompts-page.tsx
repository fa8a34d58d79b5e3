import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /prompts: AI prompts (not built yet). */
export default function PromptsPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.prompts")} />;
}
