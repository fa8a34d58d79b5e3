import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { queues } from "./channels.ts";
import { timestamps } from "./columns.ts";
import { companyId } from "./companies.ts";
import { tickets } from "./conversations.ts";
import { users } from "./core.ts";

/** A store groups distribution rules; queues point at one through `queues.store_id` (spec admin §3). */
export const stores = pgTable(
  "stores",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: varchar("name", { length: 100 }).notNull(),
    active: boolean("active").notNull().default(true),
    ...timestamps(),
  },
  (t) => [uniqueIndex("stores_company_name_unique").on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * A distribution rule of a store (spec engine §4). Rules are tried by `position`, then id; the first
 * whose `match` fits the customer's text decides. `rrLastUserId` is the round-robin pointer: the
 * candidate who took the last turn (null: start from the first).
 */
export const distributionRules = pgTable(
  "distribution_rules",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    storeId: integer("store_id")
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    /** keywords (comma-separated, case- and accent-insensitive) or regex (RE2 syntax, linear time). */
    matchType: varchar("match_type", { length: 10 }).notNull().default("keywords"),
    match: text("match").notNull(),
    strategy: varchar("strategy", { length: 20 }).notNull().default("least_load"),
    /** Only online users may be chosen (default true, migration 0027); never-logged-in users never are. */
    onlineOnly: boolean("online_only").notNull().default(true),
    /** Target queue; null keeps the ticket in the queue it entered. */
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    userIds: integer("user_ids").array().notNull().default(sql`'{}'::integer[]`),
    orderedUserIds: integer("ordered_user_ids").array().notNull().default(sql`'{}'::integer[]`),
    position: integer("position").notNull().default(0),
    rrLastUserId: integer("rr_last_user_id"),
    ...timestamps(),
  },
  (t) => [index("distribution_rules_store_position_idx").on(t.storeId, t.position, t.id), index("distribution_rules_company_id_idx").on(t.companyId)],
);

/**
 * The distribution settings of a queue (spec admin §3 "Queue config"); a queue without a row has the
 * defaults. `rrLastUserId` is the round-robin pointer of the queue's own strategy (no rule matched).
 */
export const queueConfigs = pgTable(
  "queue_configs",
  {
    queueId: integer("queue_id")
      .primaryKey()
      .references(() => queues.id, { onDelete: "cascade" }),
    companyId: companyId(),
    defaultStrategy: varchar("default_strategy", { length: 20 }).notNull().default("least_load"),
    /** Only online users may be chosen when no rule matches (default true, migration 0027). */
    onlineOnlyDefault: boolean("online_only_default").notNull().default(true),
    /** Tickets an agent may hold at once (open, and pending ones reserved for them); null: no limit. */
    maxOpenPerAgent: integer("max_open_per_agent"),
    defaultOrderedUserIds: integer("default_ordered_user_ids").array().notNull().default(sql`'{}'::integer[]`),
    slaMinutesTarget: integer("sla_minutes_target"),
    keywords: text("keywords").notNull().default(""),
    enableFallbackToQueueKeywords: boolean("enable_fallback_to_queue_keywords").notNull().default(false),
    rrLastUserId: integer("rr_last_user_id"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("queue_configs_company_id_idx").on(t.companyId)],
);

/** One SLA alert per ticket: the row is the proof that the admins were told (a unique key, so never twice). */
export const slaAlerts = pgTable(
  "sla_alerts",
  {
    ticketId: integer("ticket_id")
      .primaryKey()
      .references(() => tickets.id, { onDelete: "cascade" }),
    companyId: companyId(),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sla_alerts_company_id_idx").on(t.companyId)],
);
