import { type TagBody, type TagRecord, ZTagRecord } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { upsertRecord } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { belongsToTagList } from "../utils/tag-search.ts";
import { tagQueryKey, tagsListPrefix } from "./query-keys.ts";

export interface SaveTagInput {
  /** The tag to change; null creates one. */
  id: number | null;
  body: TagBody;
}

/** POST /tags, or PUT /tags/{id}. Rejects with ERR_DUPLICATED_TAG, ERR_NO_PERMISSION (kanban), ERR_NO_TAG_FOUND. */
export function saveTag({ id, body }: SaveTagInput): Promise<TagRecord> {
  return id === null ? apiRequest("/tags", ZTagRecord, { method: "POST", body }) : apiRequest(`/tags/${id}`, ZTagRecord, { method: "PUT", body });
}

/** Creates or changes a tag; the lists show the result at once. Failures become error toasts. */
export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTag,
    onSuccess: (tag) => {
      for (const [queryKey] of queryClient.getQueriesData({ queryKey: tagsListPrefix })) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof upsertRecord<TagRecord>>[0]) => upsertRecord(data, tag, belongsToTagList(tag, queryKey)));
      }
      queryClient.setQueryData(tagQueryKey(tag.id), tag);
    },
  });
}
