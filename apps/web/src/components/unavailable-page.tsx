import Construction from "@mui/icons-material/Construction";
import { useTranslation } from "react-i18next";
import { EmptyState } from "./empty-state.tsx";
import { PageContainer } from "./page-container.tsx";

/** A private page whose feature is not built yet: its title and an honest notice, no data. */
export function UnavailablePage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={title}>
      <EmptyState icon={<Construction />} message={t("pages.unavailable")} hint={t("pages.unavailableHint")} />
    </PageContainer>
  );
}
