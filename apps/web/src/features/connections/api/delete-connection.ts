import type { Connection } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiSend } from "../../../lib/api-client.ts";
import { removeConnection } from "../utils/connection-cache.ts";
import { connectionQueryKey, connectionsQueryKey } from "./query-keys.ts";

/** DELETE /whatsapp/{id}. */
export function deleteConnection(id: number): Promise<void> {
  return apiSend(`/whatsapp/${id}`, { method: "DELETE" });
}

/** Deletes a connection and drops it from the list. Failures become error toasts. */
export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSuccess: (_result, id) => {
      queryClient.setQueryData<Connection[]>(connectionsQueryKey, (list) => (list ? removeConnection(list, id) : list));
      queryClient.removeQueries({ queryKey: connectionQueryKey(id) });
      // Another connection may have become the default.
      void queryClient.invalidateQueries({ queryKey: connectionsQueryKey });
    },
  });
}
