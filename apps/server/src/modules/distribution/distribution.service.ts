import {
  DISTRIBUTION_LOG_DEFAULTS,
  type DistributionRule,
  type DistributionLog,
  type ListDistributionLogsQuery,
  type ListStoresResponse,
  MAX_RULES_PER_STORE,
  type QueueConfig,
  type QueueConfigBody,
  type QueueMetrics,
  type RuleBody,
  type RulePreview,
  type Store,
  type StoreBody,
  ZDistributionStrategy,
  can,
} from "@conversa/shared";
import type { Db } from "../../db/client.ts";
import { violatedUniqueConstraint } from "../../db/errors.ts";
import { isValidRulePattern } from "../../engine/distribution-strategy.ts";
import { firstMatchingRule, planDistribution, requestDrain } from "../../engine/distribution.ts";
import { type EngineDeps, nowOf } from "../../engine/deps.ts";
import { AppError } from "../../lib/app-error.ts";
import type { RequestContext } from "../../lib/context.ts";
import { recordAudit } from "../audit/index.ts";
import { assertCompanyQueues } from "../queues/index.ts";
import { accessFactsOf, findAccessibleTicket, ticketAccessCondition } from "../tickets/index.ts";
import { oneQueueMetrics, queueMetricsOf } from "./distribution.metrics.ts";
import {
  type LogTextAccess,
  type RuleValues,
  STORES_PAGE_SIZE,
  countRules,
  deleteRuleRow,
  deleteStoreRow,
  findCompanyUserIds,
  findQueueConfigRow,
  findRule,
  findStore,
  insertRule,
  insertStore,
  listLogRows,
  listQueueUserRows,
  listRuleRows,
  listStoreRows,
  updateRuleRow,
  updateStoreRow,
  upsertQueueConfig,
} from "./distribution.repository.ts";

type Deps = Pick<EngineDeps, "db" | "events" | "jobs" | "now" | "log">;

const storeNotFound = () => new AppError("ERR_NO_STORE_FOUND", undefined, "Store not found");
const ruleNotFound = () => new AppError("ERR_NO_RULE_FOUND", undefined, "Rule not found");

/** Distribution is configured by admins and supervisors ("distribution:manage"). */
function assertManager(ctx: RequestContext): void {
  if (!can({ profile: ctx.profile, isSuper: ctx.isSuper }, "distribution:manage")) throw new AppError("ERR_NO_PERMISSION");
}

async function requireStore(db: Db, companyId: number, id: number): Promise<Store> {
  const store = await findStore(db, companyId, id);
  if (!store) throw storeNotFound();
  return store;
}

/** A rule's own fields as its audit entries show them. */
function ruleAuditFields(rule: RuleValues): Record<string, unknown> {
  return {
    name: rule.name,
    matchType: rule.matchType,
    match: rule.match,
    strategy: rule.strategy,
    onlineOnly: rule.onlineOnly,
    queueId: rule.queueId,
    userIds: rule.userIds,
    orderedUserIds: rule.orderedUserIds,
    position: rule.position,
  };
}

/** A store name taken by another store of the company answers its own code. */
async function mapStoreName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatedUniqueConstraint(error) !== undefined) throw new AppError("ERR_STORE_NAME_ALREADY_EXISTS", undefined, "A store with this name already exists");
    throw error;
  }
}

/** GET /stores: the company's stores (admins and supervisors, whose Queues page alone shows them). Throws ERR_NO_PERMISSION. */
export async function listStores(deps: Deps, ctx: RequestContext, query: { searchParam?: string; pageNumber?: number }): Promise<ListStoresResponse> {
  assertManager(ctx);
  const page = await listStoreRows(deps.db, ctx.companyId, query.searchParam, query.pageNumber);
  const hasMore = query.pageNumber !== undefined && query.pageNumber * STORES_PAGE_SIZE < page.count;
  return { ...page, hasMore };
}

/** Creates a store. Throws ERR_NO_PERMISSION, ERR_STORE_NAME_ALREADY_EXISTS. */
export async function createStore(deps: Deps, ctx: RequestContext, body: StoreBody): Promise<Store> {
  assertManager(ctx);
  const values = { name: body.name, active: body.active ?? true };
  const id = await mapStoreName(() =>
    deps.db.transaction(async (tx) => {
      const newId = await insertStore(tx, ctx.companyId, values);
      await recordAudit(tx, ctx, { action: "distribution.store.create", target: { type: "store", id: newId }, after: values });
      return newId;
    }),
  );
  return requireStore(deps.db, ctx.companyId, id);
}

/** Renames or (de)activates a store. Throws ERR_NO_PERMISSION, ERR_NO_STORE_FOUND, ERR_STORE_NAME_ALREADY_EXISTS. */
export async function updateStore(deps: Deps, ctx: RequestContext, id: number, body: StoreBody): Promise<Store> {
  assertManager(ctx);
  await mapStoreName(() =>
    deps.db.transaction(async (tx) => {
      const current = await findStore(tx, ctx.companyId, id);
      if (!current) throw storeNotFound();
      const values = { name: body.name, active: body.active ?? current.active };
      if (!(await updateStoreRow(tx, ctx.companyId, id, values))) throw storeNotFound();
      await recordAudit(tx, ctx, { action: "distribution.store.update", target: { type: "store", id }, before: { name: current.name, active: current.active }, after: values });
    }),
  );
  const store = await requireStore(deps.db, ctx.companyId, id);
  return store;
}

/** Deletes a store and its rules; its queues stay, without a store. Throws ERR_NO_PERMISSION, ERR_NO_STORE_FOUND. */
export async function deleteStore(deps: Deps, ctx: RequestContext, id: number): Promise<void> {
  assertManager(ctx);
  const freed = await deps.db.transaction(async (tx) => {
    const current = await findStore(tx, ctx.companyId, id);
    const queueIds = current ? await deleteStoreRow(tx, ctx.companyId, id) : undefined;
    if (!current || !queueIds) throw storeNotFound();
    await recordAudit(tx, ctx, { action: "distribution.store.delete", target: { type: "store", id }, before: { name: current.name } });
    return queueIds;
  });
  for (const queueId of freed) deps.events.publish("record.changed", { companyId: ctx.companyId, channel: "queue", action: "update", record: { id: queueId } });
}

/** A store's rules in the order they are tried. Throws ERR_NO_PERMISSION, ERR_NO_STORE_FOUND. */
export async function listRules(deps: Deps, ctx: RequestContext, storeId: number): Promise<{ rules: DistributionRule[] }> {
  assertManager(ctx);
  await requireStore(deps.db, ctx.companyId, storeId);
  return { rules: await listRuleRows(deps.db, ctx.companyId, storeId) };
}

/** Checks a rule's references and pattern. Throws ERR_INVALID_RULE_MATCH, ERR_NO_QUEUE_FOUND, ERR_NO_USER_FOUND. */
async function assertRuleValues(db: Db, companyId: number, values: RuleValues): Promise<void> {
  if (values.matchType === "regex" && !isValidRulePattern(values.match)) throw new AppError("ERR_INVALID_RULE_MATCH", undefined, "The regular expression does not compile");
  if (values.queueId !== null) await assertCompanyQueues(db, companyId, [values.queueId]);
  const wanted = [...new Set([...values.userIds, ...values.orderedUserIds])];
  if ((await findCompanyUserIds(db, companyId, wanted)).length !== wanted.length) throw new AppError("ERR_NO_USER_FOUND", undefined, "User not found");
}

function ruleValues(body: RuleBody, current?: DistributionRule): RuleValues {
  return {
    name: body.name,
    matchType: body.matchType ?? current?.matchType ?? "keywords",
    match: body.match,
    strategy: body.strategy ?? current?.strategy ?? "least_load",
    onlineOnly: body.onlineOnly ?? current?.onlineOnly ?? true,
    queueId: body.queueId === undefined ? (current?.queueId ?? null) : body.queueId,
    userIds: body.userIds ? [...new Set(body.userIds)] : (current?.userIds ?? []),
    orderedUserIds: body.orderedUserIds ? [...new Set(body.orderedUserIds)] : (current?.orderedUserIds ?? []),
    position: body.position ?? current?.position ?? 0,
  };
}

/**
 * Adds a rule to a store (at most 100). Throws ERR_NO_PERMISSION, ERR_NO_STORE_FOUND, ERR_RULE_LIMIT,
 * ERR_INVALID_RULE_MATCH, ERR_NO_QUEUE_FOUND, ERR_NO_USER_FOUND.
 */
export async function createRule(deps: Deps, ctx: RequestContext, storeId: number, body: RuleBody): Promise<DistributionRule> {
  assertManager(ctx);
  const { companyId } = ctx;
  await requireStore(deps.db, companyId, storeId);
  const values = ruleValues(body);
  await assertRuleValues(deps.db, companyId, values);
  const id = await deps.db.transaction(async (tx) => {
    if ((await countRules(tx, companyId, storeId)) >= MAX_RULES_PER_STORE) throw new AppError("ERR_RULE_LIMIT", undefined, "A store holds at most 100 rules");
    const newId = await insertRule(tx, companyId, storeId, values);
    await recordAudit(tx, ctx, { action: "distribution.rule.create", target: { type: "distribution_rule", id: newId }, after: { storeId, ...ruleAuditFields(values) } });
    return newId;
  });
  const rule = await findRule(deps.db, companyId, storeId, id);
  if (!rule) throw ruleNotFound();
  if (rule.queueId !== null) await requestDrain(deps, companyId, { queueIds: [rule.queueId] });
  return rule;
}

/**
 * Changes a rule; fields left out keep their value. Throws ERR_NO_PERMISSION, ERR_NO_STORE_FOUND,
 * ERR_NO_RULE_FOUND, ERR_INVALID_RULE_MATCH, ERR_NO_QUEUE_FOUND, ERR_NO_USER_FOUND.
 */
export async function updateRule(deps: Deps, ctx: RequestContext, storeId: number, ruleId: number, body: RuleBody): Promise<DistributionRule> {
  assertManager(ctx);
  const { companyId } = ctx;
  await requireStore(deps.db, companyId, storeId);
  const current = await findRule(deps.db, companyId, storeId, ruleId);
  if (!current) throw ruleNotFound();
  const values = ruleValues(body, current);
  await assertRuleValues(deps.db, companyId, values);
  await deps.db.transaction(async (tx) => {
    if (!(await updateRuleRow(tx, companyId, storeId, ruleId, values))) throw ruleNotFound();
    await recordAudit(tx, ctx, { action: "distribution.rule.update", target: { type: "distribution_rule", id: ruleId }, before: ruleAuditFields(current), after: ruleAuditFields(values) });
  });
  const rule = await findRule(deps.db, companyId, storeId, ruleId);
  if (!rule) throw ruleNotFound();
  if (rule.queueId !== null) await requestDrain(deps, companyId, { queueIds: [rule.queueId] });
  return rule;
}

/** Deletes a rule. Throws ERR_NO_PERMISSION, ERR_NO_STORE_FOUND, ERR_NO_RULE_FOUND. */
export async function deleteRule(deps: Deps, ctx: RequestContext, storeId: number, ruleId: number): Promise<void> {
  assertManager(ctx);
  await requireStore(deps.db, ctx.companyId, storeId);
  await deps.db.transaction(async (tx) => {
    const current = await findRule(tx, ctx.companyId, storeId, ruleId);
    if (!current || !(await deleteRuleRow(tx, ctx.companyId, storeId, ruleId))) throw ruleNotFound();
    await recordAudit(tx, ctx, { action: "distribution.rule.delete", target: { type: "distribution_rule", id: ruleId }, before: { storeId, name: current.name } });
  });
}

/** Puts a rule's round-robin pointer back to its first candidate. Throws ERR_NO_PERMISSION, ERR_NO_STORE_FOUND, ERR_NO_RULE_FOUND. */
export async function resetRoundRobin(deps: Deps, ctx: RequestContext, storeId: number, ruleId: number): Promise<DistributionRule> {
  assertManager(ctx);
  await requireStore(deps.db, ctx.companyId, storeId);
  await deps.db.transaction(async (tx) => {
    const current = await findRule(tx, ctx.companyId, storeId, ruleId);
    if (!current || !(await updateRuleRow(tx, ctx.companyId, storeId, ruleId, { rrLastUserId: null }))) throw ruleNotFound();
    await recordAudit(tx, ctx, { action: "distribution.rule.reset", target: { type: "distribution_rule", id: ruleId }, before: { rrLastUserId: current.rrLastUserId }, after: { rrLastUserId: null } });
  });
  const rule = await findRule(deps.db, ctx.companyId, storeId, ruleId);
  if (!rule) throw ruleNotFound();
  return rule;
}

/**
 * What routing would decide for `message` entering `queueId` with this store's rules, from the same
 * code that routes tickets (`planDistribution`), writing nothing. An inactive store is previewed as if
 * it were active. Throws ERR_NO_PERMISSION, ERR_NO_STORE_FOUND, ERR_NO_QUEUE_FOUND.
 */
export async function previewRules(deps: Deps, ctx: RequestContext, storeId: number, query: { message: string; queueId?: number }): Promise<RulePreview> {
  assertManager(ctx);
  const { companyId } = ctx;
  await requireStore(deps.db, companyId, storeId);
  if (query.queueId !== undefined) await assertCompanyQueues(deps.db, companyId, [query.queueId]);
  const plan = await planDistribution(deps.db, companyId, storeId, query.queueId ?? null, query.message);
  // Without a queue, a matching rule with no target decides nothing, but the admin still sees which rule matched.
  const matched = plan ? plan.rule : await firstMatchingRule(deps.db, companyId, storeId, query.message);
  const rules = matched ? await findRule(deps.db, companyId, storeId, matched.id) : undefined;
  return {
    matchedRule: rules ?? null,
    queueId: plan?.queueId ?? null,
    strategy: plan ? ZDistributionStrategy.parse(plan.strategy) : null,
    candidates: (plan?.candidates ?? []).map(({ id, name, online, load, eligible }) => ({ id, name, online, load, eligible })),
    recommendedUserId: plan?.chosen?.id ?? null,
  };
}

/**
 * Which customer texts of the logs the actor reads: an admin all; anyone else (a supervisor) only those
 * of tickets they may open, by the inbox's visibility rule (ticketAccessCondition).
 */
async function logTextAccessOf(db: Db, ctx: RequestContext): Promise<LogTextAccess> {
  if (ctx.profile === "admin") return { all: true };
  const visible = ticketAccessCondition(ctx, await accessFactsOf(db, ctx));
  return visible ? { visible } : { all: true };
}

/**
 * GET /distribution-logs (spec admin §7, §9). With `ticketId`: that ticket's decisions for anyone who
 * may open it (50 by default, any age). Otherwise admins and supervisors only: the last 7 days and 100 entries by
 * default, or with `ruleId` the last 30 days and 50. Every decision is listed; the customer text only of
 * tickets the actor may open (null otherwise). Throws ERR_NO_PERMISSION, ERR_NO_TICKET_FOUND.
 */
export async function listDistributionLogs(deps: Deps, ctx: RequestContext, query: ListDistributionLogsQuery): Promise<{ logs: DistributionLog[] }> {
  const now = nowOf(deps);
  const d = DISTRIBUTION_LOG_DEFAULTS;
  if (query.ticketId !== undefined) {
    await findAccessibleTicket(deps.db, ctx, query.ticketId);
  } else {
    assertManager(ctx);
  }
  const isTicket = query.ticketId !== undefined;
  const isRule = !isTicket && query.ruleId !== undefined;
  const days = isRule ? d.ruleHistoryDays : d.logDays;
  const from = query.from ? new Date(query.from) : isTicket ? undefined : new Date(now.getTime() - days * 86_400_000);
  const limit = query.limit ?? (isTicket ? d.ticketLimit : isRule ? d.ruleHistoryLimit : d.logLimit);
  const logs = await listLogRows(deps.db, ctx.companyId, {
    storeId: query.storeId,
    toQueueId: query.toQueueId,
    fromQueueId: query.fromQueueId,
    ruleId: query.ruleId,
    assignedUserId: query.assignedUserId,
    ticketId: query.ticketId,
    from,
    to: query.to ? new Date(query.to) : undefined,
    limit,
  }, await logTextAccessOf(deps.db, ctx));
  return { logs };
}

function configDto(queueId: number, row: Awaited<ReturnType<typeof findQueueConfigRow>>): QueueConfig {
  return {
    queueId,
    defaultStrategy: ZDistributionStrategy.catch("least_load").parse(row?.defaultStrategy ?? "least_load"),
    onlineOnlyDefault: row?.onlineOnlyDefault ?? true,
    maxOpenPerAgent: row?.maxOpenPerAgent ?? null,
    defaultOrderedUserIds: row?.defaultOrderedUserIds ?? [],
    slaMinutesTarget: row?.slaMinutesTarget ?? null,
    keywords: row?.keywords ?? "",
    enableFallbackToQueueKeywords: row?.enableFallbackToQueueKeywords ?? false,
  };
}

/** A queue's distribution settings (the defaults when never saved). Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND. */
export async function getQueueConfig(deps: Deps, ctx: RequestContext, queueId: number): Promise<QueueConfig> {
  assertManager(ctx);
  await assertCompanyQueues(deps.db, ctx.companyId, [queueId]);
  return configDto(queueId, await findQueueConfigRow(deps.db, ctx.companyId, queueId));
}

/**
 * Saves a queue's distribution settings (fields left out keep their value); a raised limit or a
 * wider candidate set moves the waiting line at once. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND, ERR_NO_USER_FOUND.
 */
export async function updateQueueConfig(deps: Deps, ctx: RequestContext, queueId: number, body: QueueConfigBody): Promise<QueueConfig> {
  assertManager(ctx);
  const { companyId } = ctx;
  await assertCompanyQueues(deps.db, companyId, [queueId]);
  const current = configDto(queueId, await findQueueConfigRow(deps.db, companyId, queueId));
  const ordered = body.defaultOrderedUserIds ? [...new Set(body.defaultOrderedUserIds)] : current.defaultOrderedUserIds;
  if ((await findCompanyUserIds(deps.db, companyId, ordered)).length !== ordered.length) throw new AppError("ERR_NO_USER_FOUND", undefined, "User not found");
  const values = {
    defaultStrategy: body.defaultStrategy ?? current.defaultStrategy,
    onlineOnlyDefault: body.onlineOnlyDefault ?? current.onlineOnlyDefault,
    maxOpenPerAgent: body.maxOpenPerAgent === undefined ? current.maxOpenPerAgent : body.maxOpenPerAgent,
    defaultOrderedUserIds: ordered,
    slaMinutesTarget: body.slaMinutesTarget === undefined ? current.slaMinutesTarget : body.slaMinutesTarget,
    keywords: body.keywords ?? current.keywords,
    enableFallbackToQueueKeywords: body.enableFallbackToQueueKeywords ?? current.enableFallbackToQueueKeywords,
  };
  await deps.db.transaction(async (tx) => {
    await upsertQueueConfig(tx, companyId, queueId, values);
    const { queueId: _queueId, ...before } = current;
    await recordAudit(tx, ctx, { action: "distribution.config.update", target: { type: "queue", id: queueId }, before, after: values });
  });
  await requestDrain(deps, companyId, { queueIds: [queueId] });
  return configDto(queueId, await findQueueConfigRow(deps.db, companyId, queueId));
}

/** The users of a queue. Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND. */
export async function listQueueUsers(deps: Deps, ctx: RequestContext, queueId: number) {
  assertManager(ctx);
  await assertCompanyQueues(deps.db, ctx.companyId, [queueId]);
  return { users: await listQueueUserRows(deps.db, ctx.companyId, queueId) };
}

/** Every queue's figures over the last `days`. Throws ERR_NO_PERMISSION. */
export async function listQueueMetrics(deps: Deps, ctx: RequestContext, days: number): Promise<{ metrics: QueueMetrics[] }> {
  assertManager(ctx);
  return { metrics: await queueMetricsOf(deps.db, ctx.companyId, days, nowOf(deps)) };
}

/**
 * One queue's figures with its latest decisions (customer texts only of tickets the actor may open).
 * Throws ERR_NO_PERMISSION, ERR_NO_QUEUE_FOUND.
 */
export async function getQueueMetrics(deps: Deps, ctx: RequestContext, queueId: number, days: number): Promise<QueueMetrics> {
  assertManager(ctx);
  const metrics = await oneQueueMetrics(deps.db, ctx.companyId, queueId, days, nowOf(deps), await logTextAccessOf(deps.db, ctx));
  if (!metrics) throw new AppError("ERR_NO_QUEUE_FOUND", undefined, "Queue not found");
  return metrics;
}
