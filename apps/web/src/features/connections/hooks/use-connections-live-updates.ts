import { type Connection, ZConnectionListEvent, ZConnectionSessionEvent } from "@conversa/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { ConnectionDetail } from "../api/get-connection.ts";
import { connectionQueryKey, connectionsQueryKey } from "../api/query-keys.ts";
import { useCompanyEvent } from "../../../lib/socket-provider.tsx";
import { mergeConnectionDetail, removeConnection, upsertConnection } from "../utils/connection-cache.ts";

function applyUpdate(queryClient: QueryClient, connection: Connection): void {
  queryClient.setQueryData<Connection[]>(connectionsQueryKey, (list) => (list ? upsertConnection(list, connection) : list));
  queryClient.setQueryData<ConnectionDetail>(connectionQueryKey(connection.id), (detail) => (detail ? mergeConnectionDetail(detail, connection) : detail));
}

function applyDelete(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<Connection[]>(connectionsQueryKey, (list) => (list ? removeConnection(list, id) : list));
  queryClient.removeQueries({ queryKey: connectionQueryKey(id) });
}

/**
 * Applies `company-{id}-whatsapp` and `company-{id}-whatsappSession` events to the cached list and
 * details, so that statuses, QR codes and the menu badge follow the sessions without a reload.
 */
export function useConnectionsLiveUpdates(enabled = true): void {
  const queryClient = useQueryClient();

  useCompanyEvent("whatsapp", (payload) => {
    if (!enabled) return;
    const event = ZConnectionListEvent.safeParse(payload);
    if (!event.success) return;
    if (event.data.action === "update") applyUpdate(queryClient, event.data.whatsapp);
    else applyDelete(queryClient, event.data.whatsappId);
  });

  useCompanyEvent("whatsappSession", (payload) => {
    if (!enabled) return;
    const event = ZConnectionSessionEvent.safeParse(payload);
    if (event.success) applyUpdate(queryClient, event.data.session);
  });
}
