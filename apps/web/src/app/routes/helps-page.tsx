import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/page-container.tsx";
import { HelpsGallery } from "../../features/helps/index.ts";

/** /helps: the help videos of the installation, for every user (spec admin §2). */
export default function HelpsPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t("menu.helps")}>
      <HelpsGallery />
    </PageContainer>
  );
}
