import { type DistributionLog, type ListDistributionLogsQuery, ZListDistributionLogsResponse } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { distributionLogsPrefix } from "./query-keys.ts";

/** GET /distribution-logs with the filters given (the server's defaults: 7 days and 100; a rule's history 30 days and 50). */
export function useDistributionLogs(filters: ListDistributionLogsQuery, enabled = true) {
  return useQuery({
    queryKey: [...distributionLogsPrefix, filters],
    queryFn: async ({ signal }): Promise<DistributionLog[]> => (await apiRequest("/distribution-logs", ZListDistributionLogsResponse, { query: { ...filters }, signal })).logs,
    enabled,
  });
}
