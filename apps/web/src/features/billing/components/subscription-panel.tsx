import type { Invoice } from "@conversa/shared";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../../components/page-container.tsx";
import { DATE_PATTERNS, formatDate } from "../../../lib/date.ts";
import { DEFAULT_LANGUAGE, isLanguage } from "../../../lib/i18n.ts";
import { toastError } from "../../../lib/toast.ts";
import { useOpenInvoice, useSubscriptionInfo } from "../api/invoices.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";

/**
 * /subscription (spec admin §2): during a trial, its days left and the subscribe button; once the trial
 * ended (a payment settled, or its date passed), the date the subscription is active until and the
 * button that pays the next invoice. Both open the checkout for the company's open invoice (created when
 * none is open); the billing e-mail is shown read-only; `children` follow the card (what the page adds
 * about the company). "In trial" is the server's answer (`trialDaysLeft`), the same rule as the top bar's.
 */
export function SubscriptionPanel({ children }: { children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const info = useSubscriptionInfo();
  const openInvoice = useOpenInvoice();
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const inTrial = info.data !== undefined && info.data.trialDaysLeft !== null;
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
          {inTrial ? (
            <TextField label={t("billing.subscription.trialDaysLeft")} value={String(info.data?.trialDaysLeft ?? 0)} slotProps={{ htmlInput: { readOnly: true } }} size="small" />
          ) : info.data ? (
            <TextField label={t("billing.subscription.activeUntil")} value={formatDate(info.data.dueDate, DATE_PATTERNS.day, language)} slotProps={{ htmlInput: { readOnly: true } }} size="small" />
          ) : null}
          <TextField label={t("billing.subscription.billingEmail")} value={info.data?.billingEmail ?? ""} slotProps={{ htmlInput: { readOnly: true } }} size="small" />
          <Button variant="contained" onClick={() => void subscribe()} disabled={openInvoice.isPending || info.isLoading}>
            {inTrial ? t("billing.subscription.subscribe") : t("billing.subscription.payInvoice")}
          </Button>
        </Stack>
      </Paper>
      {children}
      <CheckoutDialog open={invoice !== null} invoice={invoice} currentPlan={info.data?.plan ?? null} onClose={() => setInvoice(null)} />
    </PageContainer>
  );
}
