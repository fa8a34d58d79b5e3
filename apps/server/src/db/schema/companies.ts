import { boolean, integer, jsonb, numeric, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { DEFAULT_BUSINESS_HOURS, PLAN_STORAGE_QUOTA_DEFAULT_MB } from "@conversa/shared";
import { timestamps } from "./columns.ts";

/** The tenants and their plans: every company-owned table references `companies` through `companyId()`. */

export const plans = pgTable("plans", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull().unique(),
  users: integer("users").notNull().default(0),
  connections: integer("connections").notNull().default(0),
  queues: integer("queues").notNull().default(0),
  value: numeric("value", { precision: 12, scale: 2 }).notNull().default("0"),
  /** Media a company on this plan may keep, in MiB (docs/security.md, "Storage quota"); 0 is unlimited. */
  storageQuotaMb: integer("storage_quota_mb").notNull().default(PLAN_STORAGE_QUOTA_DEFAULT_MB),
  /** Offered at /signup, in GET /plans/list and in the checkout; a plan that is not public is given by the provider only. */
  isPublic: boolean("is_public").notNull().default(true),
  useCampaigns: boolean("use_campaigns").notNull().default(true),
  useSchedules: boolean("use_schedules").notNull().default(true),
  useInternalChat: boolean("use_internal_chat").notNull().default(true),
  useExternalApi: boolean("use_external_api").notNull().default(true),
  useKanban: boolean("use_kanban").notNull().default(true),
  useOpenAi: boolean("use_open_ai").notNull().default(true),
  useIntegrations: boolean("use_integrations").notNull().default(true),
  ...timestamps(),
});

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull().unique(),
  email: varchar("email", { length: 255 }),
  phone: varchar("phone", { length: 30 }),
  planId: integer("plan_id").references(() => plans.id, { onDelete: "restrict" }),
  status: boolean("status").notNull().default(true),
  dueDate: timestamp("due_date", { withTimezone: true }),
  recurrence: varchar("recurrence", { length: 20 }),
  trialExpiration: timestamp("trial_expiration", { withTimezone: true }),
  /**
   * Weekly business hours of the company: [{weekday, weekdayEn, startTime, endTime}] (HH:MM). Every
   * company starts with the default week stored, so the hours the Horários tab shows are the ones in force.
   */
  schedules: jsonb("schedules").notNull().default(DEFAULT_BUSINESS_HOURS),
  /** The last ticket number given in this company (see `tickets.number`). */
  lastTicketNumber: integer("last_ticket_number").notNull().default(0),
  /** IANA time zone used for business hours and per-day dashboard figures. */
  timezone: varchar("timezone", { length: 64 }).notNull().default("America/Sao_Paulo"),
  /** Created by public sign-up (POST /companies/cadastro): EGRESS_ALLOW's exceptions never apply to its URLs. */
  signedUp: boolean("signed_up").notNull().default(false),
  ...timestamps(),
});

/** `company_id NOT NULL` referencing the owning company: every company-owned table has it. */
export function companyId() {
  return integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
}
