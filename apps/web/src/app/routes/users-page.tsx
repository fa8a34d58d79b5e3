import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /users (not built yet). */
export default function UsersPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.users")} />;
}
