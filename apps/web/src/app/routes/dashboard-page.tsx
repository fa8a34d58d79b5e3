import { can } from "@conversa/shared";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { PageContainer } from "../../components/page-container.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";

// The charts library loads only for those who may see the Dashboard.
const DashboardPanel = lazy(() => import("../../features/dashboard/components/dashboard-panel.tsx").then((module) => ({ default: module.DashboardPanel })));

/** /: the Dashboard for admins (`dashboard:view`); anyone else lands on their tickets. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  if (!can({ profile: user.profile, isSuper: user.super }, "dashboard:view")) return <Navigate to="/tickets" replace />;
  return (
    <PageContainer title={t("menu.dashboard")}>
      <Suspense fallback={<PageLoader />}>
        <DashboardPanel />
      </Suspense>
    </PageContainer>
  );
}
