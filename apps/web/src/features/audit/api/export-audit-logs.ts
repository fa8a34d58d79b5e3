import { useMutation } from "@tanstack/react-query";
import { apiBlob } from "../../../lib/api-client.ts";
import { type AuditFilter, toAuditQuery } from "../utils/audit-filter.ts";

/** GET /audit-logs/export: every entry the filter selects, as CSV (';'), its header in the interface's language. */
export function exportAuditLogs(filter: AuditFilter): Promise<Blob> {
  return apiBlob("/audit-logs/export", { query: toAuditQuery(filter) });
}

/** Asks for the CSV export of the log as filtered. Failures become error toasts. */
export function useExportAuditLogs() {
  return useMutation({ mutationFn: exportAuditLogs });
}
