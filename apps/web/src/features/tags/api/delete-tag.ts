import type { TagRecord } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { removeRecord } from "../../../components/list/index.ts";
import { apiSend } from "../../../lib/api-client.ts";
import { tagQueryKey, tagsListPrefix } from "./query-keys.ts";

/** DELETE /tags/{id}: the tag and its links to tickets. */
export function deleteTag(id: number): Promise<void> {
  return apiSend(`/tags/${id}`, { method: "DELETE" });
}

/** Deletes a tag and drops it from the lists. Failures become error toasts. */
export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: (_result, id) => {
      for (const [queryKey] of queryClient.getQueriesData({ queryKey: tagsListPrefix })) {
        queryClient.setQueryData(queryKey, (data: Parameters<typeof removeRecord<TagRecord>>[0]) => removeRecord(data, id));
      }
      queryClient.removeQueries({ queryKey: tagQueryKey(id) });
    },
  });
}
