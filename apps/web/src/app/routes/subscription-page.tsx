import { useTranslation } from "react-i18next";
import { useAuth } from "../../features/auth/hooks/use-auth.ts";
import { NoPermission, SubscriptionPanel } from "../../features/billing/index.ts";
import { StorageUsage } from "../../features/company/components/storage-usage.tsx";

/** /subscription: trial days left, billing e-mail and the subscribe button (spec admin §2), and the company's storage use; the company's admins only. */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user?.super && user?.profile !== "admin") return <NoPermission title={t("pages.subscription")} />;
  return (
    <SubscriptionPanel>
      <StorageUsage />
    </SubscriptionPanel>
  );
}
