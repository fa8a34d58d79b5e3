import { type QueueConfig, type QueueConfigBody, ZQueueConfig, ZQueueMetrics, ZQueueMetricsList, ZQueueUsersResponse, ZUserListItem } from "@conversa/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { companyUsersQueryKey, queueConfigQueryKey, queueMetricsPrefix, queueUsersQueryKey } from "./query-keys.ts";

/** GET /queue/metrics: every queue's figures over the last 7 days. */
export function useQueuesMetrics() {
  return useQuery({
    queryKey: [...queueMetricsPrefix, "all"],
    queryFn: async ({ signal }) => (await apiRequest("/queue/metrics", ZQueueMetricsList, { signal })).metrics,
    meta: { silentError: true },
  });
}

/** GET /queue/{id}/metrics: one queue's figures with its latest decisions. */
export function useQueueMetrics(queueId: number | null) {
  return useQuery({
    queryKey: [...queueMetricsPrefix, queueId],
    queryFn: ({ signal }) => apiRequest(`/queue/${queueId}/metrics`, ZQueueMetrics, { signal }),
    enabled: queueId !== null,
  });
}

/** GET /queue/{id}/config. */
export function useQueueConfig(queueId: number | null) {
  return useQuery({
    queryKey: queueConfigQueryKey(queueId ?? 0),
    queryFn: ({ signal }) => apiRequest(`/queue/${queueId}/config`, ZQueueConfig, { signal }),
    enabled: queueId !== null,
  });
}

/** PUT /queue/{id}/config. */
export function useSaveQueueConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { queueId: number; body: QueueConfigBody }): Promise<QueueConfig> => apiRequest(`/queue/${input.queueId}/config`, ZQueueConfig, { method: "PUT", body: input.body }),
    onSuccess: (config) => {
      queryClient.setQueryData(queueConfigQueryKey(config.queueId), config);
      void queryClient.invalidateQueries({ queryKey: queueMetricsPrefix });
    },
  });
}

/** GET /queue/{id}/users. */
export function useQueueUsers(queueId: number | null) {
  return useQuery({
    queryKey: queueUsersQueryKey(queueId ?? 0),
    queryFn: async ({ signal }) => (await apiRequest(`/queue/${queueId}/users`, ZQueueUsersResponse, { signal })).users,
    enabled: queueId !== null,
  });
}

/** GET /users/list: every user of the company (the rule's candidates). */
export function useCompanyUsers() {
  return useQuery({ queryKey: companyUsersQueryKey, queryFn: ({ signal }) => apiRequest("/users/list", z.array(ZUserListItem), { signal }) });
}
