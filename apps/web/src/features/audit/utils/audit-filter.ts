import type { AuditAction } from "@conversa/shared";

/** The Auditoria page's filters as the form holds them: "" is "any". */
export interface AuditFilter {
  action: AuditAction | "";
  /** The actor's user id. */
  userId: string;
  targetType: string;
  targetId: string;
  /** YYYY-MM-DD, both days included. */
  dateFrom: string;
  dateTo: string;
  /** Super users only. */
  companyId: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilter = { action: "", userId: "", targetType: "", targetId: "", dateFrom: "", dateTo: "", companyId: "" };

/** Whether the period starts after it ends: nothing is asked until it is fixed. */
export function isPeriodReversed(filter: Pick<AuditFilter, "dateFrom" | "dateTo">): boolean {
  return filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateFrom > filter.dateTo;
}

/** The query of GET /audit-logs (with a page) or /audit-logs/export (without): empty filters are left out. */
export function toAuditQuery(filter: AuditFilter, pageNumber?: number): Record<string, string | number | undefined> {
  const text = (value: string) => value.trim() || undefined;
  return {
    pageNumber,
    action: filter.action || undefined,
    userId: text(filter.userId),
    targetType: text(filter.targetType),
    targetId: text(filter.targetId),
    dateFrom: text(filter.dateFrom),
    dateTo: text(filter.dateTo),
    companyId: text(filter.companyId),
  };
}

const MAX_VALUE_LENGTH = 120;

/** A changed field's value as the table shows it: "—" for none, text as is, anything else as JSON, cut when long. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}
