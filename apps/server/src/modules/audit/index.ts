/** What other modules (and the composition root) may use of the audit log. */
export { recordAudit, changedFields, REDACTED, type AuditActor, type AuditEntry, type AuditFields } from "./audit.service.ts";
export { auditRoutes } from "./audit.routes.ts";
export { startAuditWorkers, runAuditRetention, AUDIT_RETENTION_JOB } from "./audit.jobs.ts";
