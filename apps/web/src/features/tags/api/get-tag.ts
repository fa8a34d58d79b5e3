import { type TagRecord, ZTagRecord } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { tagQueryKey } from "./query-keys.ts";

/** GET /tags/{id}. Rejects with ERR_NO_TAG_FOUND. */
export function fetchTag(id: number, signal?: AbortSignal): Promise<TagRecord> {
  return apiRequest(`/tags/${id}`, ZTagRecord, { signal });
}

/** One tag as the server has it now (the edit dialog starts from it). */
export function useTag(id: number) {
  return useQuery({ queryKey: tagQueryKey(id), queryFn: ({ signal }) => fetchTag(id, signal), staleTime: 0 });
}
