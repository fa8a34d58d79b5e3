import {
  INVOICES_PAGE_SIZE,
  type AdminInvoice,
  type Invoice,
  type InvoiceStatus,
  type PixCharge,
  type SubscriptionBody,
  ZAdminInvoice,
  ZInvoice,
  ZListAdminInvoicesResponse,
  ZListInvoicesResponse,
  ZPixCharge,
  ZPlan,
  ZSubscriptionInfo,
  isFreePlan,
} from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { adminInvoicesListPrefix, adminInvoicesListQueryKey, invoicesListPrefix, invoicesListQueryKey, subscriptionQueryKey } from "./query-keys.ts";

/** GET /invoices/all: the company's invoices, page after page as the user scrolls. */
export function useInvoiceRecords(searchParam: string) {
  return useInfiniteList<Invoice>({
    queryKey: invoicesListQueryKey(searchParam),
    fetchPage: async (pageNumber, signal) => {
      const page = await apiRequest("/invoices/all", ZListInvoicesResponse, { query: { searchParam: searchParam || undefined, pageNumber }, signal });
      // The answer is a bare page: a full one may have a next.
      return { records: page, hasMore: page.length === INVOICES_PAGE_SIZE };
    },
  });
}

/** GET /billing/invoices (super users): every company's invoices, optionally one status. */
export function useAdminInvoiceRecords(searchParam: string, status: InvoiceStatus | "") {
  return useInfiniteList<AdminInvoice>({
    queryKey: adminInvoicesListQueryKey(searchParam, status),
    fetchPage: async (pageNumber, signal) => {
      const page = await apiRequest("/billing/invoices", ZListAdminInvoicesResponse, { query: { searchParam: searchParam || undefined, status: status || undefined, pageNumber }, signal });
      return { records: page.invoices, hasMore: page.hasMore };
    },
  });
}

/** GET /subscription: trial days left, billing e-mail, plan. */
export function useSubscriptionInfo() {
  return useQuery({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => apiRequest("/subscription", ZSubscriptionInfo, { signal }) });
}

/** POST /subscription/invoice: the open invoice the subscribe button pays (created when none is open). */
export function useOpenInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest("/subscription/invoice", ZInvoice, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invoicesListPrefix }),
  });
}

/** POST /subscription: the Pix charge of the checkout. */
export function useSubscribe() {
  return useMutation({ mutationFn: (body: SubscriptionBody): Promise<PixCharge> => apiRequest("/subscription", ZPixCharge, { method: "POST", body }) });
}

/** POST /payment-simulator/charges/{txid}/pay: the payment simulator pays the charge. */
export function usePayInSimulator() {
  return useMutation({ mutationFn: (txid: string) => apiRequest(`/payment-simulator/charges/${encodeURIComponent(txid)}/pay`, z.object({ settled: z.number() }), { method: "POST" }) });
}

function useAdminInvoiceAction<V>(request: (variables: V) => Promise<AdminInvoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminInvoicesListPrefix }),
  });
}

/** POST /billing/invoices/{id}/mark-paid. */
export function useMarkInvoicePaid() {
  return useAdminInvoiceAction((id: number) => apiRequest(`/billing/invoices/${id}/mark-paid`, ZAdminInvoice, { method: "POST", body: {} }));
}

/** POST /billing/invoices/{id}/cancel with the reason. */
export function useCancelInvoice() {
  return useAdminInvoiceAction(({ id, reason }: { id: number; reason: string }) => apiRequest(`/billing/invoices/${id}/cancel`, ZAdminInvoice, { method: "POST", body: { reason } }));
}

/** GET /plans/list: the plans the checkout offers: the public ones that cost something (a free plan is never bought). */
export function useCheckoutPlans(enabled: boolean) {
  return useQuery({
    queryKey: ["billing", "plans"],
    queryFn: async ({ signal }) => (await apiRequest("/plans/list", z.array(ZPlan), { signal })).filter((plan) => !isFreePlan(plan)),
    enabled,
  });
}
