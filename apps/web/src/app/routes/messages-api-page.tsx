import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/page-container.tsx";
import { MessagesApiGuide } from "../../features/messages-api/index.ts";

/** /messages-api: the external message API's documentation and test forms (spec admin §2), behind useExternalApi. */
export default function MessagesApiPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t("messagesApi.title")}>
      <MessagesApiGuide />
    </PageContainer>
  );
}
