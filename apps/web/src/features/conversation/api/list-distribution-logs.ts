import { ZDistributionLog } from "@conversa/shared";
import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { conversationKeys } from "./query-keys.ts";

const ZDistributionLogsResponse = z.object({ logs: z.array(ZDistributionLog) });
export type DistributionLog = z.infer<typeof ZDistributionLog>;

/** The spec's limit of distribution log entries shown (core §9). */
export const DISTRIBUTION_LOG_LIMIT = 50;

/** GET /distribution-logs?ticketId=&limit=50: how the ticket was routed, newest first. */
export async function fetchDistributionLogs(ticketId: number): Promise<DistributionLog[]> {
  const response = await apiRequest("/distribution-logs", ZDistributionLogsResponse, { query: { ticketId, limit: DISTRIBUTION_LOG_LIMIT } });
  return response.logs;
}

export function useDistributionLogs(ticketId: number, enabled: boolean) {
  return useQuery({ queryKey: conversationKeys.distributionLogs(ticketId), queryFn: () => fetchDistributionLogs(ticketId), enabled });
}
