import { type SQL, and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditActorKind, type AuditLog, type AuditLogPage, type AuditLogQuery, ZAuditLog } from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { auditLogs, companies, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";

/**
 * Who an entry names as its actor: a session's context (its user, company and address), a sign-in
 * attempt's user (no session yet), or the server itself.
 */
export type AuditActor = RequestContext | { userId: number | null; companyId: number | null; ip?: string } | "system";

/** A record's fields as the audit log sees them; only the ones that differ are kept. */
export type AuditFields = Record<string, unknown>;

export interface AuditEntry {
  action: AuditAction;
  target?: { type: string; id: number | string };
  /**
   * The company the change belongs to; the actor's company when left out (null: the installation's own
   * records, and a company's deletion: its entries go with it, the provider's record of it stays).
   */
  companyId?: number | null;
  /** The record before the change (left out or null for a creation). */
  before?: AuditFields | null;
  /** The record after the change (left out or null for a deletion). */
  after?: AuditFields | null;
  /** Fields whose values are secrets wherever they appear (besides the names SECRET_FIELD matches). */
  secretFields?: readonly string[];
}

/** Field names whose values are never written to the log: only the fact that they changed. */
const SECRET_FIELD = /pass(word)?|secret|token|api_?key|credential|private|totp|recovery|hash|salt|certificate|webhook_?secret/i;
/** Bookkeeping fields that change with every write and say nothing of the change. */
const NOISE_FIELDS = new Set(["updatedAt", "createdAt"]);
export const REDACTED = "[redacted]";

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function jsonValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

/** The changed fields of a record, `{field: {before, after}}`, with secrets replaced by REDACTED. */
export function changedFields(before: AuditFields | null | undefined, after: AuditFields | null | undefined, secretFields: readonly string[] = []): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (NOISE_FIELDS.has(key)) continue;
    const was = before ? jsonValue(before[key]) : null;
    const is = after ? jsonValue(after[key]) : null;
    if (before && after && same(was, is)) continue;
    if (!before && (is === null || is === "")) continue;
    if (!after && (was === null || was === "")) continue;
    const secret = SECRET_FIELD.test(key) || secretFields.includes(key);
    // A secret shows only whether it was set: its empty value stays, any other reads REDACTED.
    const hide = (value: unknown) => (value === null || value === "" ? value : REDACTED);
    changes[key] = secret ? { before: hide(was), after: hide(is) } : { before: was, after: is };
  }
  return changes;
}

function isContext(actor: AuditActor): actor is RequestContext {
  return typeof actor === "object" && "profile" in actor;
}

/**
 * Appends one entry to the audit log. Call it with the transaction of the change (`db` may be one), so
 * that the change and its entry are written together or not at all. The names of the user and the
 * company are copied in the same statement, so an entry still reads after they are deleted.
 */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const userId = actor === "system" ? null : actor.userId;
  const actorCompanyId = actor === "system" ? null : actor.companyId;
  const companyId = entry.companyId === undefined ? actorCompanyId : entry.companyId;
  const actorKind: AuditActorKind = actor === "system" ? "system" : isContext(actor) && actor.isSuper && companyId !== actorCompanyId ? "provider" : "user";
  const ip = actor === "system" ? null : (actor.ip ?? null);
  const changes = changedFields(entry.before, entry.after, entry.secretFields);
  await db.insert(auditLogs).values({
    companyId,
    companyName: companyId === null ? null : sql`(select ${companies.name} from ${companies} where ${companies.id} = ${companyId})`,
    actorKind,
    userId,
    userName: userId === null ? null : sql`(select ${users.name} from ${users} where ${users.id} = ${userId})`,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target === undefined ? null : String(entry.target.id),
    ip: ip === null ? null : ip.slice(0, 64),
    changes,
  });
}

/** Whether the actor reads the audit log: a company's admins their company's, super users the installation's. */
export function canReadAuditLog(ctx: RequestContext): boolean {
  return ctx.isSuper || ctx.profile === "admin";
}

/** The company clock's bounds of a period of days (`dateTo` included). */
function periodBounds(query: Pick<AuditLogQuery, "dateFrom" | "dateTo">, timezone: string): SQL[] {
  const bounds: SQL[] = [];
  if (query.dateFrom) bounds.push(sql`${auditLogs.createdAt} >= ((${query.dateFrom}::date)::timestamp at time zone ${timezone}::text)`);
  if (query.dateTo) bounds.push(sql`${auditLogs.createdAt} < ((${query.dateTo}::date + 1)::timestamp at time zone ${timezone}::text)`);
  return bounds;
}

async function filtersOf(db: Db, ctx: RequestContext, query: Omit<AuditLogQuery, "pageNumber">): Promise<SQL | undefined> {
  if (!canReadAuditLog(ctx)) throw new AppError("ERR_NO_PERMISSION");
  if (!ctx.isSuper && query.companyId !== undefined && query.companyId !== ctx.companyId) throw new AppError("ERR_NO_COMPANY_FOUND");
  if (query.dateFrom && query.dateTo && query.dateFrom > query.dateTo) throw new AppError("ERR_VALIDATION", { field: "dateTo" }, "dateTo is before dateFrom");
  const companyId = ctx.isSuper ? query.companyId : ctx.companyId;
  const [clock] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, ctx.companyId));
  const conditions: (SQL | undefined)[] = [
    companyId === undefined ? undefined : eq(auditLogs.companyId, companyId),
    query.action ? eq(auditLogs.action, query.action) : undefined,
    query.userId ? eq(auditLogs.userId, query.userId) : undefined,
    query.targetType ? eq(auditLogs.targetType, query.targetType) : undefined,
    query.targetId ? eq(auditLogs.targetId, query.targetId) : undefined,
    ...periodBounds(query, clock?.timezone ?? "America/Sao_Paulo"),
  ];
  return and(...conditions);
}

const listColumns = {
  id: auditLogs.id,
  createdAt: auditLogs.createdAt,
  companyId: auditLogs.companyId,
  companyName: auditLogs.companyName,
  actorKind: auditLogs.actorKind,
  userId: auditLogs.userId,
  userName: auditLogs.userName,
  action: auditLogs.action,
  targetType: auditLogs.targetType,
  targetId: auditLogs.targetId,
  ip: auditLogs.ip,
  changes: auditLogs.changes,
};

/** A stored entry as the API shows it (the schema checks the stored action, kind and changes). */
function toAuditLog(row: typeof auditLogs.$inferSelect): AuditLog {
  return ZAuditLog.parse({ ...row, createdAt: row.createdAt.toISOString() });
}

/** GET /audit-logs: one page of entries, newest first, with the filters' total. */
export async function listAuditLogs(deps: { db: Db }, ctx: RequestContext, query: AuditLogQuery): Promise<AuditLogPage> {
  const where = await filtersOf(deps.db, ctx, query);
  const offset = (query.pageNumber - 1) * AUDIT_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    deps.db.select(listColumns).from(auditLogs).where(where).orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(AUDIT_PAGE_SIZE).offset(offset),
    deps.db.select({ count: count() }).from(auditLogs).where(where),
  ]);
  const totalCount = total?.count ?? 0;
  return { records: rows.map(toAuditLog), count: totalCount, hasMore: offset + rows.length < totalCount };
}

const EXPORT_BATCH = 500;

/**
 * GET /audit-logs/export: every entry the filters select, newest first, in batches read by keyset
 * (created_at, id), so a large log streams without holding it in memory.
 */
export async function* auditLogBatches(deps: { db: Db }, ctx: RequestContext, query: Omit<AuditLogQuery, "pageNumber">): AsyncGenerator<AuditLog[]> {
  const where = await filtersOf(deps.db, ctx, query);
  let after: { createdAt: Date; id: number } | undefined;
  for (;;) {
    const keyset = after ? sql`(${auditLogs.createdAt}, ${auditLogs.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})` : undefined;
    const rows = await deps.db
      .select(listColumns)
      .from(auditLogs)
      .where(and(where, keyset))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map(toAuditLog);
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    if (rows.length < EXPORT_BATCH) return;
  }
}

const PRUNE_BATCH = 5000;

/** Removes the entries older than the retention period; answers how many went. */
export async function pruneAuditLogs(db: Db, retentionDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  let total = 0;
  // In batches, so that a first run on a large log holds no long lock and no huge answer.
  for (;;) {
    const batch = db.select({ id: auditLogs.id }).from(auditLogs).where(lt(auditLogs.createdAt, cutoff)).limit(PRUNE_BATCH);
    const removed = await db.delete(auditLogs).where(inArray(auditLogs.id, batch)).returning({ id: auditLogs.id });
    total += removed.length;
    if (removed.length < PRUNE_BATCH) return total;
  }
}
