import { sql } from "drizzle-orm";
import { companies } from "./companies.ts";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * The audit log (docs/audit.md): one row per administrative change or security event, written in the
 * transaction of the change and never updated (a trigger refuses it); only the retention job deletes.
 * An entry outlives the user it names (no foreign key; it keeps the name), not its company: deleting a
 * company removes its entries with its other rows, and the provider's record of that deletion is an
 * entry of the installation (`company_id` null).
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The company the entry belongs to (whose admins read it); null for the installation's own records. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    companyName: text("company_name"),
    /** "user", "provider" (a super user acting on another company or the installation) or "system". */
    actorKind: varchar("actor_kind", { length: 16 }).notNull(),
    userId: integer("user_id"),
    userName: text("user_name"),
    action: varchar("action", { length: 60 }).notNull(),
    targetType: varchar("target_type", { length: 60 }),
    targetId: varchar("target_id", { length: 60 }),
    ip: varchar("ip", { length: 64 }),
    /** The changed fields: `{field: {before, after}}`, secrets redacted. */
    changes: jsonb("changes").notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index("audit_logs_company_created_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("audit_logs_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);
