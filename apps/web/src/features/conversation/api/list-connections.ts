import { type Connection, ZConnectionList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

/** GET /whatsapp/?session=0: the company's connections (transfer dialog). */
export function fetchConnections(): Promise<Connection[]> {
  return apiRequest("/whatsapp/", ZConnectionList, { query: { session: 0 } });
}

export function useConnectionOptions(enabled: boolean) {
  return useQuery({ queryKey: conversationKeys.connections, queryFn: fetchConnections, enabled });
}
