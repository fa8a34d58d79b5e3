import { z } from "zod";
import { ZId, ZIdText } from "./common.ts";

/** How a rule (or a queue) picks among its candidates (spec admin §9: least_load is the default). */
export const DISTRIBUTION_STRATEGIES = ["least_load", "round_robin", "ordered"] as const;
export const ZDistributionStrategy = z.enum(DISTRIBUTION_STRATEGIES);
export type DistributionStrategy = z.infer<typeof ZDistributionStrategy>;

/**
 * What a distribution log's `strategy` holds when no store's strategy decided: how the ticket entered
 * the queue (the bot menu, a transfer, the transfer-on-waiting timer, a ticket opened by hand, a return,
 * an AI prompt or integration handing over to people).
 */
export const DISTRIBUTION_ENTRY_KINDS = ["chatbot", "transfer", "timeout", "manual", "return", "bot-handover"] as const;
export type DistributionEntryKind = (typeof DISTRIBUTION_ENTRY_KINDS)[number];

/** The label key of a log's `strategy`: a strategy, an entry kind, or undefined for a value of neither (shown as it is). */
export function distributionLogKindOf(value: string): DistributionStrategy | DistributionEntryKind | undefined {
  return [...DISTRIBUTION_STRATEGIES, ...DISTRIBUTION_ENTRY_KINDS].find((kind) => kind === value);
}

/** How a rule's `match` is read: a comma-separated keyword list or a regular expression (RE2 syntax). */
export const RULE_MATCH_TYPES = ["keywords", "regex"] as const;
export const ZRuleMatchType = z.enum(RULE_MATCH_TYPES);
export type RuleMatchType = z.infer<typeof ZRuleMatchType>;

/** The most rules one store holds (every routing reads them all). */
export const MAX_RULES_PER_STORE = 100;
/** The most users a rule or a queue config lists. */
export const MAX_RULE_USERS = 200;

/** Distribution log ranges (spec admin §9): the log tab, a rule's history, a ticket's panel. */
export const DISTRIBUTION_LOG_DEFAULTS = {
  logDays: 7,
  logLimit: 100,
  ruleHistoryDays: 30,
  ruleHistoryLimit: 50,
  ticketLimit: 50,
  maxLimit: 500,
} as const;

/** A store (spec admin §3): a named group of distribution rules, with how many rules and queues it has. */
export const ZStore = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  rulesCount: z.number(),
  queuesCount: z.number(),
});
export type Store = z.infer<typeof ZStore>;

/** GET /stores: every store of the company (without pageNumber) or one page of them, searched by name. */
export const ZListStoresQuery = z.strictObject({
  searchParam: z.string().max(200).optional(),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional(),
});
export const ZListStoresResponse = z.object({ stores: z.array(ZStore), count: z.number(), hasMore: z.boolean() });
export type ListStoresResponse = z.infer<typeof ZListStoresResponse>;

/** POST /stores and PUT /stores/{id}. */
export const ZStoreBody = z.strictObject({
  name: z.string().trim().min(2, "Too Short!").max(100, "Too Long!"),
  active: z.boolean().optional(),
});
export type StoreBody = z.infer<typeof ZStoreBody>;

const ZUserIdList = z.array(ZId).max(MAX_RULE_USERS);

/** A distribution rule (spec admin §3). */
export const ZDistributionRule = z.object({
  id: z.number(),
  storeId: z.number(),
  name: z.string(),
  matchType: ZRuleMatchType,
  match: z.string(),
  strategy: ZDistributionStrategy,
  onlineOnly: z.boolean(),
  queueId: z.number().nullable(),
  userIds: z.array(z.number()),
  orderedUserIds: z.array(z.number()),
  position: z.number(),
  /** The candidate who took the last round-robin turn (null: the next turn is the first candidate's). */
  rrLastUserId: z.number().nullable(),
});
export type DistributionRule = z.infer<typeof ZDistributionRule>;

export const ZListRulesResponse = z.object({ rules: z.array(ZDistributionRule) });

/** POST /stores/{id}/rules and PUT /stores/{id}/rules/{ruleId}. Omitted fields take their default (or keep their value on update). */
export const ZRuleBody = z.strictObject({
  name: z.string().trim().min(1, "Required").max(100, "Too Long!"),
  matchType: ZRuleMatchType.optional(),
  match: z.string().trim().min(1, "Required").max(500, "Too Long!"),
  strategy: ZDistributionStrategy.optional(),
  onlineOnly: z.boolean().optional(),
  queueId: ZId.nullable().optional(),
  userIds: ZUserIdList.optional(),
  orderedUserIds: ZUserIdList.optional(),
  position: z.number().int().min(0).max(100000).optional(),
});
export type RuleBody = z.infer<typeof ZRuleBody>;

export const ZStoreRuleParams = z.object({ id: ZIdText, ruleId: ZIdText });

/** A user a rule may hand a ticket to, as the decision saw them. */
export const ZDistributionCandidate = z.object({
  id: z.number(),
  name: z.string(),
  online: z.boolean(),
  /** Tickets the user holds now: open ones and pending ones reserved for them. */
  load: z.number(),
  /** Whether the user may take one more (online when the rule asks it, under the queue's limit). */
  eligible: z.boolean(),
});
export type DistributionCandidate = z.infer<typeof ZDistributionCandidate>;

/** GET /stores/{id}/rules/preview: what routing would decide for this message entering this queue, written nowhere. */
export const ZRulePreviewQuery = z.strictObject({
  message: z.string().max(4000).default(""),
  queueId: ZIdText.optional(),
});
export const ZRulePreview = z.object({
  matchedRule: ZDistributionRule.nullable(),
  /** The queue the ticket would end in. */
  queueId: z.number().nullable(),
  strategy: ZDistributionStrategy.nullable(),
  candidates: z.array(ZDistributionCandidate),
  recommendedUserId: z.number().nullable(),
});
export type RulePreview = z.infer<typeof ZRulePreview>;

/** A distribution decision (spec admin §3 "Distribution log"), with the names the screens show. */
export const ZDistributionLog = z.object({
  id: z.number(),
  createdAt: z.string(),
  ticketId: z.number().nullable(),
  storeId: z.number().nullable(),
  storeName: z.string().nullable(),
  ruleId: z.number().nullable(),
  ruleName: z.string().nullable(),
  fromQueueId: z.number().nullable(),
  fromQueueName: z.string().nullable(),
  toQueueId: z.number().nullable(),
  toQueueName: z.string().nullable(),
  assignedUserId: z.number().nullable(),
  assignedUserName: z.string().nullable(),
  strategy: z.string().nullable(),
  message: z.string().nullable(),
});
export type DistributionLog = z.infer<typeof ZDistributionLog>;

/**
 * GET /distribution-logs (spec admin §7). Without `ticketId` (admins): by default the last 7 days and
 * 100 entries, or with `ruleId` the rule's history, 30 days and 50. With `ticketId`: that ticket's
 * decisions (anyone who may open it), 50 by default, any age.
 */
export const ZListDistributionLogsQuery = z.strictObject({
  storeId: ZIdText.optional(),
  toQueueId: ZIdText.optional(),
  fromQueueId: ZIdText.optional(),
  ruleId: ZIdText.optional(),
  assignedUserId: ZIdText.optional(),
  ticketId: ZIdText.optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(DISTRIBUTION_LOG_DEFAULTS.maxLimit).optional(),
});
export type ListDistributionLogsQuery = z.infer<typeof ZListDistributionLogsQuery>;
export const ZListDistributionLogsResponse = z.object({ logs: z.array(ZDistributionLog) });

/** A queue's distribution settings (spec admin §3 "Queue config"). */
export const ZQueueConfig = z.object({
  queueId: z.number(),
  defaultStrategy: ZDistributionStrategy,
  onlineOnlyDefault: z.boolean(),
  /** Tickets an agent may hold at once (open ones and pending ones reserved for them); null: no limit. */
  maxOpenPerAgent: z.number().nullable(),
  defaultOrderedUserIds: z.array(z.number()),
  /** Minutes a pending ticket may wait before it counts as late; null: no target. */
  slaMinutesTarget: z.number().nullable(),
  /** Comma-separated words that send a first message straight to this queue (with the fallback on). */
  keywords: z.string(),
  enableFallbackToQueueKeywords: z.boolean(),
});
export type QueueConfig = z.infer<typeof ZQueueConfig>;

/** PUT /queue/{id}/config: omitted fields keep their value. */
export const ZQueueConfigBody = z.strictObject({
  defaultStrategy: ZDistributionStrategy.optional(),
  onlineOnlyDefault: z.boolean().optional(),
  maxOpenPerAgent: z.number().int().min(1).max(1000).nullable().optional(),
  defaultOrderedUserIds: ZUserIdList.optional(),
  slaMinutesTarget: z.number().int().min(1).max(100000).nullable().optional(),
  keywords: z.string().trim().max(1000).optional(),
  enableFallbackToQueueKeywords: z.boolean().optional(),
});
export type QueueConfigBody = z.infer<typeof ZQueueConfigBody>;

/** An agent of a queue as the metrics and the config panel show them. */
export const ZQueueAgent = z.object({ id: z.number(), name: z.string(), online: z.boolean() });
export type QueueAgent = z.infer<typeof ZQueueAgent>;

/** GET /queue/{id}/users. */
export const ZQueueUsersResponse = z.object({ users: z.array(ZQueueAgent.extend({ profile: z.string() })) });

/** GET /queue/metrics and GET /queue/{id}/metrics: `days` of the period (default 7). */
export const ZQueueMetricsQuery = z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(7) });

/** A queue's figures (spec admin §3 "Queue metrics"), over the period for the averages. */
export const ZQueueMetrics = z.object({
  queueId: z.number(),
  openCount: z.number(),
  pendingCount: z.number(),
  /** Pending tickets nobody holds nor is reserved for: the waiting line. */
  waitingCount: z.number(),
  onlineAgents: z.number(),
  totalAgents: z.number(),
  /** Minutes from creation to acceptance, over the tickets accepted in the period; null without any. */
  avgWaitMinutes: z.number().nullable(),
  slaMinutesTarget: z.number().nullable(),
  /** Percent of the tickets accepted in the period within the SLA target; null without a target or tickets. */
  withinSlaPercent: z.number().nullable(),
  /** Pending tickets waiting past the SLA target now. */
  lateCount: z.number(),
  agents: z.array(ZQueueAgent),
  lastLogs: z.array(ZDistributionLog),
});
export type QueueMetrics = z.infer<typeof ZQueueMetrics>;
export const ZQueueMetricsList = z.object({ metrics: z.array(ZQueueMetrics) });

