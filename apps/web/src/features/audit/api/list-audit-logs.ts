import { type AuditLog, type AuditLogPage, ZAuditLogPage } from "@conversa/shared";
import { useInfiniteList } from "../../../components/list/index.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import { type AuditFilter, isPeriodReversed, toAuditQuery } from "../utils/audit-filter.ts";
import { auditLogsQueryKey } from "./query-keys.ts";

/** GET /audit-logs: one page (50, newest first) of the entries the filter selects. Rejects with ERR_NO_PERMISSION, ERR_NO_COMPANY_FOUND. */
export function fetchAuditLogs(filter: AuditFilter, pageNumber: number, signal?: AbortSignal): Promise<AuditLogPage> {
  return apiRequest("/audit-logs", ZAuditLogPage, { query: toAuditQuery(filter, pageNumber), signal });
}

/** The Auditoria page's list, page after page as the user scrolls; a new filter restarts it (a reversed period asks nothing). */
export function useAuditLogs(filter: AuditFilter) {
  return useInfiniteList<AuditLog, AuditLogPage>({
    queryKey: auditLogsQueryKey(filter),
    enabled: !isPeriodReversed(filter),
    fetchPage: (pageNumber, signal) => fetchAuditLogs(filter, pageNumber, signal),
  });
}
