import { type Tag, ZTag } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** POST /tags: a new tag by name. Rejects with ERR_DUPLICATED_TAG. */
export function createTag(name: string): Promise<Tag> {
  return apiRequest("/tags", ZTag, { method: "POST", body: { name } });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: (tag) => queryClient.setQueryData<Tag[]>(conversationKeys.tags, (tags) => (tags ? [...tags, tag] : [tag])),
  });
}
