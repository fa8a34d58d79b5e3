import { can } from "@conversa/shared";
import Construction from "@mui/icons-material/Construction";
import LockOutlined from "@mui/icons-material/LockOutlined";
import Button from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageContainer } from "../../components/page-container.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";

/** /: the Dashboard for admins (not built yet); other users are pointed to their tickets. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const canView = user !== null && can({ profile: user.profile, isSuper: user.super }, "dashboard:view");
  return (
    <PageContainer title={t("menu.dashboard")}>
      {canView ? (
        <EmptyState icon={<Construction />} message={t("pages.unavailable")} hint={t("pages.unavailableHint")} />
      ) : (
        <EmptyState
          icon={<LockOutlined />}
          message={t("pages.noPermission")}
          action={
            <Button component={RouterLink} to="/tickets" variant="contained">
              {t("pages.goToTickets")}
            </Button>
          }
        />
      )}
    </PageContainer>
  );
}
