import { type SQL, and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { type DistributionStrategy, ZDistributionStrategy } from "@conversa/shared";
import type { Db } from "../db/client.ts";
import { contacts, distributionLogs, distributionRules, messages, queueConfigs, queues, slaAlerts, stores, tickets, userQueues, users } from "../db/schema/index.ts";
import { loadTicket } from "../modules/tickets/index.ts";
import { type EngineDeps, nowOf } from "./deps.ts";
import { DRAIN_WAITING_LINE_JOB, SLA_CHECK_JOB } from "./jobs.ts";
import { type Candidate, MATCH_TEXT_MAX, orderCandidates, pickCandidate, ruleMatches, withEligibility } from "./distribution-strategy.ts";

export type RuleRow = typeof distributionRules.$inferSelect;

/** A queue's distribution settings as routing reads them (the defaults for a queue without a saved config). */
export interface QueueDistributionConfig {
  defaultStrategy: DistributionStrategy;
  onlineOnlyDefault: boolean;
  maxOpenPerAgent: number | null;
  defaultOrderedUserIds: number[];
  slaMinutesTarget: number | null;
  rrLastUserId: number | null;
}

export const DEFAULT_QUEUE_CONFIG: QueueDistributionConfig = {
  defaultStrategy: "least_load",
  onlineOnlyDefault: true,
  maxOpenPerAgent: null,
  defaultOrderedUserIds: [],
  slaMinutesTarget: null,
  rrLastUserId: null,
};

/** What distribution decides for a ticket entering a queue of an active store. */
export interface DistributionPlan {
  storeId: number;
  rule: RuleRow | null;
  /** The queue the ticket ends in (the rule's target, or the queue it entered). */
  queueId: number;
  strategy: DistributionStrategy;
  /** Every candidate, in walking order, with whether they may take one more. */
  candidates: Candidate[];
  chosen: Candidate | undefined;
  config: QueueDistributionConfig;
}

/** Namespace of the per-company advisory lock that serialises distribution decisions (round-robin turns, capacity). */
const DISTRIBUTION_LOCK_NAMESPACE = 7_270_015;

/** Serialises, until the end of the transaction `tx`, every distribution decision of the company (all processes). */
export async function lockDistribution(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DISTRIBUTION_LOCK_NAMESPACE}, ${companyId})`);
}

const strategyOf = (value: string): DistributionStrategy => ZDistributionStrategy.catch("least_load").parse(value);

/** The saved config of a queue, or the defaults. */
export async function queueDistributionConfig(db: Db, companyId: number, queueId: number): Promise<QueueDistributionConfig> {
  const [row] = await db
    .select()
    .from(queueConfigs)
    .where(and(eq(queueConfigs.companyId, companyId), eq(queueConfigs.queueId, queueId)));
  if (!row) return DEFAULT_QUEUE_CONFIG;
  return {
    defaultStrategy: strategyOf(row.defaultStrategy),
    onlineOnlyDefault: row.onlineOnlyDefault,
    maxOpenPerAgent: row.maxOpenPerAgent,
    defaultOrderedUserIds: row.defaultOrderedUserIds,
    slaMinutesTarget: row.slaMinutesTarget,
    rrLastUserId: row.rrLastUserId,
  };
}

/** Tickets a user holds now: open ones, and pending ones reserved for them. */
function loadOf(companyId: number): SQL<number> {
  return sql<number>`(select count(*)::int from ${tickets} where ${tickets.companyId} = ${companyId} and ${tickets.userId} = ${users.id} and ${tickets.status} in ('open', 'pending'))`;
}

/** The user's latest assignment by distribution or transfer (least_load's tie-break: longest idle first). */
function lastAssignedOf(companyId: number): SQL<string | Date | null> {
  return sql<string | Date | null>`(select max(${distributionLogs.createdAt}) from ${distributionLogs} where ${distributionLogs.companyId} = ${companyId} and ${distributionLogs.assignedUserId} = ${users.id})`;
}

/** The candidates with their load and last assignment, in one query: the listed users, or the queue's. */
async function candidatesOf(db: Db, companyId: number, userIds: readonly number[], queueId: number): Promise<Omit<Candidate, "eligible">[]> {
  const columns = { id: users.id, name: users.name, online: users.online, lastLoginAt: users.lastLoginAt, load: loadOf(companyId), lastAssignedAt: lastAssignedOf(companyId) };
  const rows =
    userIds.length > 0
      ? await db
          .select(columns)
          .from(users)
          .where(and(eq(users.companyId, companyId), inArray(users.id, [...userIds])))
      : await db
          .select(columns)
          .from(userQueues)
          .innerJoin(users, eq(users.id, userQueues.userId))
          .where(and(eq(userQueues.companyId, companyId), eq(userQueues.queueId, queueId), eq(users.companyId, companyId)));
  return rows.map(({ lastLoginAt, ...row }) => ({ ...row, hasLoggedIn: lastLoginAt !== null, load: Number(row.load), lastAssignedAt: row.lastAssignedAt === null ? null : new Date(row.lastAssignedAt) }));
}

/** The store of a queue when it is active, or undefined: a queue outside an active store does not distribute. */
export async function activeStoreOf(db: Db, companyId: number, queueId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ storeId: stores.id })
    .from(queues)
    .innerJoin(stores, and(eq(stores.id, queues.storeId), eq(stores.companyId, queues.companyId)))
    .where(and(eq(queues.companyId, companyId), eq(queues.id, queueId), eq(stores.active, true)));
  return row?.storeId;
}

/** The rules of a store in the order they are tried. */
export async function rulesOfStore(db: Db, companyId: number, storeId: number): Promise<RuleRow[]> {
  return db
    .select()
    .from(distributionRules)
    .where(and(eq(distributionRules.companyId, companyId), eq(distributionRules.storeId, storeId)))
    .orderBy(asc(distributionRules.position), asc(distributionRules.id));
}

/** The first rule of a store (in the order they are tried) whose `match` fits the text, or null. */
export async function firstMatchingRule(db: Db, companyId: number, storeId: number, text: string): Promise<RuleRow | null> {
  const rules = await rulesOfStore(db, companyId, storeId);
  return rules.find((candidate) => ruleMatches(candidate, text)) ?? null;
}

/**
 * The distribution decision for a text entering a queue of a store (spec engine §4), reading and
 * writing nothing else: the first matching rule decides the target queue, the candidates (its users,
 * or the target queue's), the strategy and whether only online users count; the target queue's config
 * gives the limit per agent and, without a rule, the strategy, the online flag and the order. Four
 * queries whatever the number of rules and agents.
 */
export async function planDistribution(
  db: Db,
  companyId: number,
  storeId: number,
  enteredQueueId: number | null,
  text: string,
  /** An attendant who just gave the ticket back: not handed it again by this decision. */
  excludeUserId?: number,
): Promise<DistributionPlan | undefined> {
  const rule = await firstMatchingRule(db, companyId, storeId, text);
  const queueId = rule?.queueId ?? enteredQueueId;
  if (queueId === null) return undefined;
  const config = await queueDistributionConfig(db, companyId, queueId);
  const strategy = rule ? strategyOf(rule.strategy) : config.defaultStrategy;
  const onlineOnly = rule ? rule.onlineOnly : config.onlineOnlyDefault;
  const order = rule && rule.orderedUserIds.length > 0 ? rule.orderedUserIds : config.defaultOrderedUserIds;
  const base = await candidatesOf(db, companyId, rule?.userIds ?? [], queueId);
  const eligible = withEligibility(base, onlineOnly, config.maxOpenPerAgent).map((candidate) => (candidate.id === excludeUserId ? { ...candidate, eligible: false } : candidate));
  const candidates = orderCandidates(eligible, order.length > 0 ? order : rule?.userIds ?? []);
  const lastUserId = rule ? rule.rrLastUserId : config.rrLastUserId;
  return { storeId, rule, queueId, strategy, candidates, chosen: pickCandidate(strategy, candidates, lastUserId), config };
}

/** The customer's latest messages on the ticket (up to 10, oldest first): what rules are matched against. */
export async function customerTextOf(db: Db, companyId: number, ticketId: number): Promise<string> {
  const rows = await db
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, ticketId), eq(messages.fromMe, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(10);
  return rows
    .map((row) => row.body)
    .reverse()
    .join("\n")
    .slice(-MATCH_TEXT_MAX);
}

/** Writes a plan in `tx`: the ticket's queue and reserved user, the round-robin pointer, the log entry. */
async function applyPlan(tx: Db, companyId: number, ticketId: number, fromQueueId: number | null, plan: DistributionPlan, text: string, now: Date): Promise<void> {
  const chosen = plan.chosen?.id ?? null;
  await tx
    .update(tickets)
    .set({ queueId: plan.queueId, userId: chosen, recommendedUserId: chosen, updatedAt: now })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  if (chosen !== null && plan.strategy === "round_robin") {
    if (plan.rule) {
      await tx
        .update(distributionRules)
        .set({ rrLastUserId: chosen })
        .where(and(eq(distributionRules.companyId, companyId), eq(distributionRules.id, plan.rule.id)));
    } else {
      await tx
        .insert(queueConfigs)
        .values({ queueId: plan.queueId, companyId, rrLastUserId: chosen })
        .onConflictDoUpdate({ target: queueConfigs.queueId, set: { rrLastUserId: chosen } });
    }
  }
  await tx.insert(distributionLogs).values({
    companyId,
    ticketId,
    storeId: plan.storeId,
    ruleId: plan.rule?.id ?? null,
    fromQueueId,
    toQueueId: plan.queueId,
    assignedUserId: chosen,
    strategy: plan.strategy,
    message: text.slice(0, 500),
    createdAt: now,
  });
}

export interface DistributionResult {
  /** The queue the ticket is in now. */
  queueId: number;
  /** Whom it is reserved for (null: it waits in the line). */
  recommendedUserId: number | null;
  /** Whether a store's distribution applied (false: the queue is in no active store). */
  distributed: boolean;
}

/**
 * Routes a pending ticket that enters a queue (spec engine §4): in one transaction holding the
 * company's distribution lock, the plan is made and written (queue, reserved user, pointer, log). A
 * queue outside an active store keeps the ticket unreserved and logs the entry with `strategy`. A
 * ticket that is no longer pending, or that someone holds, only changes queue. Does not publish:
 * callers publish the ticket as they leave it.
 */
export async function distributeTicket(
  deps: Pick<EngineDeps, "db" | "now">,
  input: { companyId: number; ticketId: number; fromQueueId: number | null; toQueueId: number; strategy?: string; text?: string; excludeUserId?: number },
): Promise<DistributionResult> {
  const { companyId, ticketId } = input;
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    await lockDistribution(tx, companyId);
    const [ticket] = await tx
      .select({ status: tickets.status, userId: tickets.userId })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
      .for("update");
    const storeId = ticket?.status === "pending" && ticket.userId === null ? await activeStoreOf(tx, companyId, input.toQueueId) : undefined;
    const text = storeId !== undefined ? (input.text ?? (await customerTextOf(tx, companyId, ticketId))) : "";
    const plan = storeId !== undefined ? await planDistribution(tx, companyId, storeId, input.toQueueId, text, input.excludeUserId) : undefined;
    if (!plan) {
      await tx.update(tickets).set({ queueId: input.toQueueId, updatedAt: now }).where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      await tx.insert(distributionLogs).values({ companyId, ticketId, fromQueueId: input.fromQueueId, toQueueId: input.toQueueId, strategy: input.strategy ?? "chatbot", createdAt: now });
      return { queueId: input.toQueueId, recommendedUserId: null, distributed: false };
    }
    await applyPlan(tx, companyId, ticketId, input.fromQueueId, plan, text, now);
    return { queueId: plan.queueId, recommendedUserId: plan.chosen?.id ?? null, distributed: true };
  });
}

/** The active stores of these queues, each once, in the order of the queues. */
async function activeStoresOf(db: Db, companyId: number, queueIds: readonly number[]): Promise<number[]> {
  if (queueIds.length === 0) return [];
  const rows = await db
    .select({ queueId: queues.id, storeId: stores.id })
    .from(queues)
    .innerJoin(stores, and(eq(stores.id, queues.storeId), eq(stores.companyId, queues.companyId)))
    .where(and(eq(queues.companyId, companyId), inArray(queues.id, [...queueIds]), eq(stores.active, true)));
  const storeOf = new Map(rows.map((row) => [row.queueId, row.storeId]));
  return [...new Set(queueIds.flatMap((id) => storeOf.get(id) ?? []))];
}

/**
 * The decision for a ticket that has no queue yet (spec engine §4: the rules of the stores of the
 * connection's queues): the stores are tried in the order of the connection's queues, and the first
 * whose first matching rule names a target queue decides. Each store's answer is exactly its preview
 * without a queue (`planDistribution` with no entered queue); a rule without a target cannot give a
 * queue-less ticket its queue, so the next store is tried.
 */
export async function planForQueuelessTicket(db: Db, companyId: number, connectionQueueIds: readonly number[], text: string): Promise<DistributionPlan | undefined> {
  if (!text.trim()) return undefined;
  for (const storeId of await activeStoresOf(db, companyId, connectionQueueIds)) {
    const plan = await planDistribution(db, companyId, storeId, null, text);
    if (plan) return plan;
  }
  return undefined;
}

/**
 * Routes a pending ticket with no queue by the rules of the stores of its connection's queues, in one
 * transaction holding the company's distribution lock: the matched rule's queue and candidate are
 * written with the log entry. Answers undefined (nothing written) when no rule decides, or when the
 * ticket got a queue or a holder meanwhile. Does not publish.
 */
export async function distributeQueuelessTicket(
  deps: Pick<EngineDeps, "db" | "now">,
  input: { companyId: number; ticketId: number; connectionQueueIds: readonly number[] },
): Promise<DistributionResult | undefined> {
  const { companyId, ticketId } = input;
  return deps.db.transaction(async (tx) => {
    await lockDistribution(tx, companyId);
    const [ticket] = await tx
      .select({ status: tickets.status, userId: tickets.userId, queueId: tickets.queueId })
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
      .for("update");
    if (ticket?.status !== "pending" || ticket.userId !== null || ticket.queueId !== null) return undefined;
    const text = await customerTextOf(tx, companyId, ticketId);
    const plan = await planForQueuelessTicket(tx, companyId, input.connectionQueueIds, text);
    if (!plan) return undefined;
    await applyPlan(tx, companyId, ticketId, null, plan, text, nowOf(deps));
    return { queueId: plan.queueId, recommendedUserId: plan.chosen?.id ?? null, distributed: true };
  });
}

/** How many waiting tickets one drain looks at (a drain runs again on the next freed slot). */
export const DRAIN_BATCH = 20;

/** The queues whose waiting tickets a user may take: their own, and those of stores with a rule naming them. */
async function queuesServedBy(db: Db, companyId: number, userId: number): Promise<number[]> {
  const [own, ruled] = await Promise.all([
    db
      .select({ queueId: userQueues.queueId })
      .from(userQueues)
      .where(and(eq(userQueues.companyId, companyId), eq(userQueues.userId, userId))),
    db
      .select({ target: distributionRules.queueId, storeId: distributionRules.storeId })
      .from(distributionRules)
      .where(and(eq(distributionRules.companyId, companyId), sql`${userId} = any(${distributionRules.userIds})`)),
  ]);
  const ids = new Set(own.map((row) => row.queueId));
  for (const row of ruled) if (row.target !== null) ids.add(row.target);
  const storeIds = [...new Set(ruled.filter((row) => row.target === null).map((row) => row.storeId))];
  if (storeIds.length > 0) {
    const storeQueues = await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), inArray(queues.storeId, storeIds)));
    for (const row of storeQueues) ids.add(row.id);
  }
  return [...ids];
}

/**
 * The fair waiting line: pending tickets nobody holds in queues of active stores, oldest first, are
 * routed again now that capacity may have been freed (an agent resolved or transferred a ticket, came
 * online, or a limit was raised). Each gets at most one agent: the drain holds the company's
 * distribution lock and the tickets' rows (SKIP LOCKED), so two processes draining at once never hand
 * one ticket to two agents, nor one slot twice. Publishes each ticket it reserves. Answers how many.
 */
export async function drainWaitingLine(deps: Pick<EngineDeps, "db" | "events" | "now">, companyId: number, scope: { queueIds?: readonly number[]; userId?: number }): Promise<number> {
  const queueIds = new Set(scope.queueIds ?? []);
  if (scope.userId !== undefined) for (const id of await queuesServedBy(deps.db, companyId, scope.userId)) queueIds.add(id);
  if (queueIds.size === 0) return 0;
  const now = nowOf(deps);
  const assigned = await deps.db.transaction(async (tx) => {
    await lockDistribution(tx, companyId);
    const waiting = await tx
      .select({ id: tickets.id, queueId: tickets.queueId, storeId: stores.id })
      .from(tickets)
      .innerJoin(queues, eq(queues.id, tickets.queueId))
      .innerJoin(stores, and(eq(stores.id, queues.storeId), eq(stores.companyId, companyId), eq(stores.active, true)))
      .where(
        and(
          eq(tickets.companyId, companyId),
          eq(tickets.status, "pending"),
          isNull(tickets.userId),
          eq(tickets.chatbot, false),
          inArray(tickets.queueId, [...queueIds]),
        ),
      )
      .orderBy(asc(tickets.createdAt), asc(tickets.id))
      .limit(DRAIN_BATCH)
      .for("update", { of: tickets, skipLocked: true });
    const done: number[] = [];
    // A rule (or queue) that found nobody for one ticket finds nobody for the next either.
    const exhausted = new Set<string>();
    for (const ticket of waiting) {
      if (ticket.queueId === null) continue;
      const text = await customerTextOf(tx, companyId, ticket.id);
      const plan = await planDistribution(tx, companyId, ticket.storeId, ticket.queueId, text);
      if (!plan) continue;
      const key = plan.rule ? `r${plan.rule.id}` : `q${plan.queueId}`;
      if (exhausted.has(key)) continue;
      if (!plan.chosen) {
        exhausted.add(key);
        continue;
      }
      await applyPlan(tx, companyId, ticket.id, ticket.queueId, plan, text, now);
      done.push(ticket.id);
    }
    return waiting.filter((ticket) => done.includes(ticket.id));
  });
  for (const ticket of assigned) {
    const dto = await loadTicket(deps.db, companyId, ticket.id);
    if (dto) deps.events.publish("ticket.updated", { companyId, ticket: dto, previousStatus: "pending", previousAccess: { queueId: ticket.queueId, userId: null } });
  }
  return assigned.length;
}

/** What may have freed capacity: an attendant (the queues they serve) and queues. */
export interface DrainScope {
  userId?: number | null;
  queueIds?: readonly (number | null)[];
}

/**
 * Queues a move of the waiting line (`distribution.drain`, durable and retried, run by whichever
 * process takes it). A failure to queue is logged: the change that freed capacity is done, and the
 * next freed slot drains the line again.
 */
export async function requestDrain(deps: Pick<EngineDeps, "jobs" | "log">, companyId: number, scope: DrainScope): Promise<void> {
  const queueIds = [...new Set((scope.queueIds ?? []).filter((id): id is number => id !== null))];
  const userId = scope.userId ?? undefined;
  if (userId === undefined && queueIds.length === 0) return;
  try {
    await deps.jobs.send(DRAIN_WAITING_LINE_JOB, { companyId, queueIds, ...(userId !== undefined ? { userId } : {}) });
  } catch (error) {
    deps.log.error({ err: error, companyId, userId, queueIds }, "waiting line drain not queued");
  }
}

/**
 * Queues the SLA check of a ticket routed into a queue with a target, at the moment it would be late
 * (one job per ticket). A failure to queue is logged: the routing itself is done.
 */
export async function scheduleSlaCheck(deps: Pick<EngineDeps, "db" | "jobs" | "log">, companyId: number, ticketId: number, queueId: number): Promise<void> {
  try {
    const config = await queueDistributionConfig(deps.db, companyId, queueId);
    if (config.slaMinutesTarget === null) return;
    const [ticket] = await deps.db.select({ createdAt: tickets.createdAt }).from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
    if (!ticket) return;
    const startAfter = new Date(ticket.createdAt.getTime() + config.slaMinutesTarget * 60_000);
    await deps.jobs.send(SLA_CHECK_JOB, { companyId, ticketId }, { startAfter, singletonKey: `sla-${ticketId}-${startAfter.getTime()}` });
  } catch (error) {
    deps.log.error({ err: error, companyId, ticketId }, "SLA check not queued");
  }
}

/**
 * `distribution.sla-check`: a ticket still pending past its queue's target gets one alert (the
 * `sla_alerts` row is the proof, keyed by ticket: never twice, whatever the retries or processes),
 * published to the queue's admins (every admin of the company when none works in the queue). A target
 * not reached yet (the ticket moved to a slower queue) checks again then.
 */
export async function runSlaCheckJob(deps: Pick<EngineDeps, "db" | "events" | "jobs" | "now">, payload: { companyId: number; ticketId: number }): Promise<void> {
  const { companyId, ticketId } = payload;
  const [ticket] = await deps.db
    .select({ status: tickets.status, queueId: tickets.queueId, createdAt: tickets.createdAt, uuid: tickets.uuid, contactName: contacts.name, queueName: queues.name })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(queues, eq(queues.id, tickets.queueId))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
  if (!ticket || ticket.status !== "pending" || ticket.queueId === null) return;
  const config = await queueDistributionConfig(deps.db, companyId, ticket.queueId);
  if (config.slaMinutesTarget === null) return;
  const dueAt = new Date(ticket.createdAt.getTime() + config.slaMinutesTarget * 60_000);
  if (dueAt.getTime() > nowOf(deps).getTime()) {
    await deps.jobs.send(SLA_CHECK_JOB, payload, { startAfter: dueAt, singletonKey: `sla-${ticketId}-${dueAt.getTime()}` });
    return;
  }
  const [alerted] = await deps.db
    .insert(slaAlerts)
    .values({ ticketId, companyId, queueId: ticket.queueId })
    .onConflictDoNothing({ target: slaAlerts.ticketId })
    .returning({ ticketId: slaAlerts.ticketId });
  if (!alerted) return;
  const admins = await deps.db
    .select({ id: users.id, inQueue: sql<boolean>`exists (select 1 from ${userQueues} where ${userQueues.userId} = ${users.id} and ${userQueues.queueId} = ${ticket.queueId})` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.profile, "admin")));
  const ofQueue = admins.filter((admin) => admin.inQueue);
  const userIds = (ofQueue.length > 0 ? ofQueue : admins).map((admin) => admin.id);
  deps.events.publish("ticket.sla", {
    companyId,
    userIds,
    alert: { ticketId, uuid: ticket.uuid, contactName: ticket.contactName, queueId: ticket.queueId, queueName: ticket.queueName, slaMinutesTarget: config.slaMinutesTarget },
  });
}
