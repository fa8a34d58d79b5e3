import type { Invoice } from "@conversa/shared";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../../components/page-container.tsx";
import { toastError } from "../../../lib/toast.ts";
import { useOpenInvoice, useSubscriptionInfo } from "../api/invoices.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";

/**
 * /subscription (spec admin §2): trial days left and the billing e-mail, read-only, and the subscribe
 * button, which opens the checkout for the company's open invoice (created when none is open); `children`
 * follow the card (what the page adds about the company).
 */
export function SubscriptionPanel({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const info = useSubscriptionInfo();
  const openInvoice = useOpenInvoice();
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const subscribe = async () => {
    try {
      setInvoice(await openInvoice.mutateAsync());
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <PageContainer title={t("pages.subscription")}>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 520 }}>
        <Stack spacing={2}>
          <TextField label={t("billing.subscription.trialDaysLeft")} value={info.data ? String(info.data.trialDaysLeft ?? 0) : ""} slotProps={{ htmlInput: { readOnly: true } }} size="small" />
          <TextField label={t("billing.subscription.billingEmail")} value={info.data?.billingEmail ?? ""} slotProps={{ htmlInput: { readOnly: true } }} size="small" />
          <Button variant="contained" onClick={() => void subscribe()} disabled={openInvoice.isPending || info.isLoading}>
            {t("billing.subscription.subscribe")}
          </Button>
        </Stack>
      </Paper>
      {children}
      <CheckoutDialog open={invoice !== null} invoice={invoice} currentPlanId={info.data?.plan?.id ?? null} onClose={() => setInvoice(null)} />
    </PageContainer>
  );
}
