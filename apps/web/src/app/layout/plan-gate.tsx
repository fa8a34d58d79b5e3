import { type PlanFlag, TIMINGS, planAllows } from "@conversa/shared";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useNavigate } from "react-router";
import { PageLoader } from "../../components/page-loader.tsx";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { useCompanyPlan } from "../../features/company/api/company-plan.ts";
import { showToast } from "../../lib/toast.ts";

/**
 * The pages of a feature the company's plan may switch off (spec admin §6): with the flag off the user
 * is told 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.' and
 * sent to / a second later; nothing of the page is shown. The plan is the one the menu already read. A
 * plan that could not be read lets the page show (the server refuses its data all the same).
 */
export function PlanGate({ flag }: { flag: PlanFlag }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const plan = useCompanyPlan(user?.companyId ?? 0);
  const isDenied = plan.data !== undefined && !planAllows(plan.data.plan, flag);

  useEffect(() => {
    if (!isDenied) return;
    showToast(t("errors.ERR_PLAN_FEATURE_DISABLED"), "error");
    const timer = setTimeout(() => void navigate("/", { replace: true }), TIMINGS.noPermissionRedirectMs);
    return () => clearTimeout(timer);
  }, [isDenied, navigate, t]);

  if (!user || plan.isPending || isDenied) return <PageLoader />;
  return <Outlet />;
}
