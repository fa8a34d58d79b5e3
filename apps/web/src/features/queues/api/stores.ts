import { type Store, type StoreBody, ZListStoresResponse, ZStore } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest, apiSend } from "../../../lib/api-client.ts";
import { queuesListPrefix, storesQueryKey } from "./query-keys.ts";

/** GET /stores without pageNumber: every store of the company, by name. */
export async function fetchStores(signal?: AbortSignal): Promise<Store[]> {
  return (await apiRequest("/stores", ZListStoresResponse, { signal })).stores;
}

export function useStores() {
  return useQuery({ queryKey: storesQueryKey, queryFn: ({ signal }) => fetchStores(signal), meta: { silentError: true } });
}

/** POST /stores or PUT /stores/{id}. */
export function saveStore(input: { id: number | null; body: StoreBody }): Promise<Store> {
  return input.id === null
    ? apiRequest("/stores", ZStore, { method: "POST", body: input.body })
    : apiRequest(`/stores/${input.id}`, ZStore, { method: "PUT", body: input.body });
}

export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStore, onSuccess: () => void queryClient.invalidateQueries({ queryKey: storesQueryKey }) });
}

/** DELETE /stores/{id}: the store and its rules; its queues stay without a store. */
export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiSend(`/stores/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: storesQueryKey });
      void queryClient.invalidateQueries({ queryKey: queuesListPrefix });
    },
  });
}
