import SearchOff from "@mui/icons-material/SearchOff";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageContainer } from "../../components/page-container.tsx";

/** Any path no route matches. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <PageContainer title={t("pages.notFoundTitle")}>
      <EmptyState
        icon={<SearchOff />}
        message={t("pages.notFound", { path: pathname })}
        action={
          <Button component={RouterLink} to="/" variant="contained">
            {t("pages.goHome")}
          </Button>
        }
      />
    </PageContainer>
  );
}
