import { type Connection, type ConnectionBody, ZConnection } from "@conversa/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { upsertConnection } from "../utils/connection-cache.ts";
import { connectionQueryKey, connectionsQueryKey } from "./query-keys.ts";

/** POST /whatsapp, or PUT /whatsapp/{id} when `id` is given. */
export function saveConnection({ id, body }: { id: number | null; body: ConnectionBody }): Promise<Connection> {
  return id === null
    ? apiRequest("/whatsapp", ZConnection, { method: "POST", body })
    : apiRequest(`/whatsapp/${id}`, ZConnection, { method: "PUT", body });
}

/** Creates or changes a connection; the list shows the result at once. Failures become error toasts. */
export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveConnection,
    onSuccess: (connection) => {
      queryClient.setQueryData<Connection[]>(connectionsQueryKey, (list) => (list ? upsertConnection(list, connection) : list));
      // Other connections may have lost their default flag, and the detail carries the token.
      void queryClient.invalidateQueries({ queryKey: connectionsQueryKey });
      void queryClient.invalidateQueries({ queryKey: connectionQueryKey(connection.id) });
    },
  });
}
