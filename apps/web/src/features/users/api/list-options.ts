import { type Connection, type Queue, ZConnectionList, ZQueueList } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { userConnectionOptionsQueryKey, userQueueOptionsQueryKey } from "./query-keys.ts";

/** GET /queue: the company's queues, for the dialog's queue picker. */
export function fetchQueueOptions(): Promise<Queue[]> {
  return apiRequest("/queue", ZQueueList);
}

/** GET /whatsapp/?session=0: the company's connections, for the default-connection picker. */
export function fetchConnectionOptions(): Promise<Connection[]> {
  return apiRequest("/whatsapp/", ZConnectionList, { query: { session: 0 } });
}

export function useQueueOptions() {
  return useQuery({ queryKey: userQueueOptionsQueryKey, queryFn: fetchQueueOptions });
}

export function useConnectionOptions() {
  return useQuery({ queryKey: userConnectionOptionsQueryKey, queryFn: fetchConnectionOptions });
}
