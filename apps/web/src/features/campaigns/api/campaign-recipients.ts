import { type CampaignRecipientStatus, type ListCampaignRecipientsResponse, ZListCampaignRecipientsResponse } from "@conversa/shared";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { apiBlob, apiRequest } from "../../../lib/api-client.ts";
import { campaignRecipientsQueryKey } from "./query-keys.ts";

export interface RecipientsFilter {
  searchParam: string;
  /** "" for every status. */
  status: CampaignRecipientStatus | "";
}

function queryOf(filter: RecipientsFilter) {
  return { searchParam: filter.searchParam.trim() || undefined, status: filter.status || undefined };
}

/** GET /campaigns/{id}/recipients: one page (20) of the campaign's recipients, searched and filtered, with the number of matches. */
export function fetchCampaignRecipients(id: number, filter: RecipientsFilter, pageNumber: number, signal?: AbortSignal): Promise<ListCampaignRecipientsResponse> {
  return apiRequest(`/campaigns/${id}/recipients`, ZListCampaignRecipientsResponse, { query: { ...queryOf(filter), pageNumber }, signal });
}

/** One page of the recipients table; the page shown stays while the next one loads. Live events refresh it (the report invalidates the prefix). */
export function useCampaignRecipients(id: number, filter: RecipientsFilter, pageNumber: number) {
  return useQuery({
    queryKey: campaignRecipientsQueryKey(id, { ...filter, pageNumber }),
    queryFn: ({ signal }) => fetchCampaignRecipients(id, filter, pageNumber, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /campaigns/{id}/recipients/export: every recipient matching the filter as CSV (';'). */
export function exportCampaignRecipients({ id, filter }: { id: number; filter: RecipientsFilter }): Promise<Blob> {
  return apiBlob(`/campaigns/${id}/recipients/export`, { query: queryOf(filter) });
}

/** Asks for the CSV of the recipients table (all pages). Failures become error toasts. */
export function useExportCampaignRecipients() {
  return useMutation({ mutationFn: exportCampaignRecipients });
}
