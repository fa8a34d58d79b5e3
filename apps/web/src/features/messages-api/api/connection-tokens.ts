import { ZConnectionDetail, ZConnectionList } from "@conversa/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

/** The company's connections, to pick the one whose token the test forms use (GET /whatsapp/). */
export function useTokenConnections() {
  return useQuery({ queryKey: ["messages-api", "connections"], queryFn: ({ signal }) => apiRequest("/whatsapp/", ZConnectionList, { query: { session: 0 }, signal }) });
}

/** A connection's API token (GET /whatsapp/{id}: answered to those who may edit connections, null to others or when none is set). */
export function useFetchConnectionToken() {
  return useMutation({ mutationFn: async (id: number) => (await apiRequest(`/whatsapp/${id}`, ZConnectionDetail, { query: { session: 0 } })).token });
}
