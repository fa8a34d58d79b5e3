import { type Invoice, ZInvoiceEvent } from "@conversa/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { InfiniteListArea, ListToolbar, useListSearch } from "../../../components/list/index.ts";
import { PageContainer } from "../../../components/page-container.tsx";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { useInvoiceRecords, useSubscriptionInfo } from "../api/invoices.ts";
import { invoicesListPrefix } from "../api/query-keys.ts";
import { CheckoutDialog } from "./checkout-dialog.tsx";
import { InvoicesTable, PayAction } from "./invoices-table.tsx";

/** /financeiro (Faturas): the company's invoices, endless and live, each unpaid one payable through the checkout. */
export function FinancialPanel() {
  const { t } = useTranslation();
  const search = useListSearch();
  const list = useInvoiceRecords(search.searchParam);
  const subscription = useSubscriptionInfo();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState<Invoice | null>(null);
  useCompanyEvent("invoice", (payload) => {
    if (ZInvoiceEvent.safeParse(payload).success) void queryClient.invalidateQueries({ queryKey: invoicesListPrefix });
  });

  return (
    <PageContainer title={t("billing.title")}>
      <ListToolbar search={search.input} onSearchChange={search.setInput} />
      <InfiniteListArea hasMore={list.hasMore} isFetchingMore={list.isFetchingMore} onLoadMore={list.loadMore} label={t("billing.title")}>
        <InvoicesTable invoices={list.records} isLoading={list.isLoading} isError={list.isError} onRetry={list.refetch} action={(invoice) => <PayAction invoice={invoice} onPay={setPaying} />} />
      </InfiniteListArea>
      <CheckoutDialog open={paying !== null} invoice={paying} currentPlan={subscription.data?.plan ?? null} onClose={() => setPaying(null)} />
    </PageContainer>
  );
}
