import { integer, timestamp } from "drizzle-orm/pg-core";
import { companies } from "./core.ts";

/** `company_id NOT NULL` referencing the owning company: every company-owned table has it. */
export function companyId() {
  return integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
}

/** created_at and updated_at, both set on insert. */
export function timestamps() {
  return {
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  };
}
