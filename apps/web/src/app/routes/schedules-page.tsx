import { planAllows } from "@conversa/shared";
import EventBusy from "@mui/icons-material/EventBusy";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageContainer } from "../../components/page-container.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { useCompanyPlan } from "../../features/company/api/company-plan.ts";
import { SchedulesPanel } from "../../features/schedules/components/schedules-panel.tsx";

function PlanWithoutSchedules() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t("menu.schedules")}>
      <EmptyState icon={<EventBusy />} message={t("schedules.planUnavailable")} hint={t("schedules.planUnavailableHint")} />
    </PageContainer>
  );
}

/** /schedules: the calendar of scheduled messages, when the company's plan includes them (flag useSchedules). */
export default function SchedulesPage() {
  const { user } = useAuth();
  const plan = useCompanyPlan(user?.companyId ?? 0);
  if (!user || plan.isPending) return <PageLoader />;
  if (plan.data && !planAllows(plan.data.plan, "useSchedules")) return <PlanWithoutSchedules />;
  return <SchedulesPanel />;
}
