import { useTranslation } from "react-i18next";
import { UnavailablePage } from "../../components/unavailable-page.tsx";

/** /files: file lists (not built yet). */
export default function FilesPage() {
  const { t } = useTranslation();
  return <UnavailablePage title={t("menu.files")} />;
}
