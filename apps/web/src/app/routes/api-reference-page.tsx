import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/page-container.tsx";
import { ApiReference } from "../../features/api-reference/index.ts";

/** /api-docs: the interactive reference of the server's API (its OpenAPI document), for any logged-in user. */
export default function ApiReferencePage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t("apiReference.title")}>
      <ApiReference />
    </PageContainer>
  );
}
