import type { AuditFilter } from "../utils/audit-filter.ts";

/** Cache keys of the audit feature: the pages of the log (per filter) and the filters' options. */
export const auditLogsPrefix = ["audit", "logs"] as const;
export const auditLogsQueryKey = (filter: AuditFilter) => [...auditLogsPrefix, filter] as const;
export const auditUserOptionsQueryKey = ["audit", "user-options"] as const;
export const auditCompanyOptionsQueryKey = ["audit", "company-options"] as const;
