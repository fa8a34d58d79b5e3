import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/page-container.tsx";
import { NoPermission } from "../../features/billing/index.ts";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { AdminInvoicesPanel, FinancialPanel } from "../../features/billing/index.ts";

/** /financeiro: the company's invoices; super users also see every company's, with mark paid and cancel. */
export default function FinancialPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [tab, setTab] = useState<"own" | "all">("own");
  if (!user?.super && user?.profile !== "admin") return <NoPermission title={t("billing.title")} />;
  if (!user?.super) return <FinancialPanel />;
  return (
    <>
      <Tabs value={tab} onChange={(_event, value: "own" | "all") => setTab(value)} sx={{ px: 2 }}>
        <Tab value="own" label={t("billing.title")} />
        <Tab value="all" label={t("billing.admin.title")} />
      </Tabs>
      {tab === "own" ? (
        <FinancialPanel />
      ) : (
        <PageContainer title={t("billing.admin.title")}>
          <AdminInvoicesPanel />
        </PageContainer>
      )}
    </>
  );
}
