import Alert from "@mui/material/Alert";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../../components/page-container.tsx";

/** Billing is the company admins' business: what a user-profile account sees instead (the server refuses it too). */
export function NoPermission({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={title}>
      <Alert severity="info">{t("errors.ERR_NO_PERMISSION")}</Alert>
    </PageContainer>
  );
}
