import { z } from "zod";
import { ZIdText } from "./common.ts";

/**
 * Every action the audit log records (docs/audit.md): administrative changes by what they change,
 * then security events. An entry's `action` is always one of these.
 */
export const AUDIT_ACTIONS = [
  "user.create",
  "user.update",
  "user.delete",
  "company.create",
  "company.update",
  "company.delete",
  "company.signup",
  "company.schedules.update",
  "settings.update",
  "installation_settings.update",
  "plan.create",
  "plan.update",
  "plan.delete",
  "help.create",
  "help.update",
  "help.delete",
  "announcement.create",
  "announcement.update",
  "announcement.delete",
  "connection.create",
  "connection.update",
  "connection.delete",
  "connection.session.start",
  "connection.session.restart",
  "connection.session.disconnect",
  "connection.token.rotate",
  "queue.create",
  "queue.update",
  "queue.delete",
  "queue_option.create",
  "queue_option.update",
  "queue_option.delete",
  "distribution.config.update",
  "distribution.store.create",
  "distribution.store.update",
  "distribution.store.delete",
  "distribution.rule.create",
  "distribution.rule.update",
  "distribution.rule.delete",
  "distribution.rule.reset",
  "tag.create",
  "tag.update",
  "tag.delete",
  "kanban.order.update",
  "prompt.create",
  "prompt.update",
  "prompt.delete",
  "integration.create",
  "integration.update",
  "integration.delete",
  "contact.delete",
  "contact.export",
  "contact.erase",
  "ticket.delete",
  "contact_list.create",
  "contact_list.update",
  "contact_list.delete",
  "contact_list.import",
  "contact_list_item.create",
  "contact_list_item.update",
  "contact_list_item.delete",
  "campaign.create",
  "campaign.update",
  "campaign.delete",
  "campaign.start",
  "campaign.cancel",
  "campaign.restart",
  "campaign.pause",
  "campaign.resume",
  "campaign.test_send",
  "campaign_settings.update",
  "file_list.create",
  "file_list.update",
  "file_list.delete",
  "file_list.upload",
  "subscription.checkout",
  "invoice.create",
  "invoice.mark_paid",
  "invoice.cancel",
  "invoice.paid",
  "auth.login",
  "auth.login_failed",
  "auth.logout",
  "auth.password_reset_request",
  "auth.password_reset",
  "auth.2fa.enable",
  "auth.2fa.disable",
  "auth.2fa.reset",
  "auth.2fa.recovery_code_used",
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof ZAuditAction>;

/** Who acted: a user of the company, a super user acting on another company ("provider"), or the server itself ("system"). */
export const AUDIT_ACTOR_KINDS = ["user", "provider", "system"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** One changed field: its value before and after (null when the record was created or deleted); secrets read "[redacted]". */
export const ZAuditChange = z.object({ before: z.unknown(), after: z.unknown() });

export const ZAuditLog = z.object({
  id: z.number(),
  createdAt: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  action: ZAuditAction,
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  changes: z.record(z.string(), ZAuditChange),
});
export type AuditLog = z.infer<typeof ZAuditLog>;

/**
 * GET /audit-logs and GET /audit-logs/export: filters by action, actor (`userId`), target, period
 * (`dateFrom`/`dateTo`, YYYY-MM-DD on the company's clock, both days included). `companyId` is a super
 * user's filter; a company's admin reads their own company only (another id answers 404 ERR_NO_COMPANY_FOUND).
 */
export const ZAuditLogQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100000).default(1),
  action: ZAuditAction.optional(),
  userId: ZIdText.optional(),
  targetType: z.string().trim().min(1).max(60).optional(),
  targetId: z.string().trim().min(1).max(60).optional(),
  companyId: ZIdText.optional(),
  dateFrom: z.iso.date().optional(),
  dateTo: z.iso.date().optional(),
});
export type AuditLogQuery = z.infer<typeof ZAuditLogQuery>;

export const ZAuditLogPage = z.object({ records: z.array(ZAuditLog), count: z.number(), hasMore: z.boolean() });
export type AuditLogPage = z.infer<typeof ZAuditLogPage>;

/** How many entries one page of GET /audit-logs holds. */
export const AUDIT_PAGE_SIZE = 50;
