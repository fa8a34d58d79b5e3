import { type CreateQueueOptionBody, type QueueOption, ZQueueOption } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { queueOptionsPrefix } from "./query-keys.ts";

/** POST /queue-options: a new option after its siblings. Rejects with ERR_QUEUE_OPTION_LIMIT, ERR_NO_QUEUE_OPTION_FOUND. */
export function createQueueOption(body: CreateQueueOptionBody): Promise<QueueOption> {
  return apiRequest("/queue-options", ZQueueOption, { method: "POST", body });
}

/** Adds an option; the tree reloads (the parent's children count changes too). */
export function useCreateQueueOption(queueId: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createQueueOption, onSuccess: () => queryClient.invalidateQueries({ queryKey: queueOptionsPrefix(queueId) }) });
}
