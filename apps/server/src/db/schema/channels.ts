import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { companyId, timestamps } from "./columns.ts";
import { users } from "./core.ts";

export const queues = pgTable(
  "queues",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: varchar("name", { length: 50 }).notNull(),
    color: varchar("color", { length: 9 }).notNull(),
    greetingMessage: text("greeting_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    orderQueue: integer("order_queue"),
    /** Weekly business hours: [{weekday, weekdayEn, startTime, endTime}]. */
    schedules: jsonb("schedules").notNull().default([]),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    integrationId: integer("integration_id"),
    promptId: integer("prompt_id"),
    storeId: integer("store_id"),
    ...timestamps(),
  },
  (t) => [
    index("queues_company_id_idx").on(t.companyId),
    uniqueIndex("queues_company_name_unique").on(t.companyId, t.name),
    uniqueIndex("queues_company_color_unique").on(t.companyId, t.color),
  ],
);

/** A WhatsApp connection ("whatsapp" in the API). */
export const connections = pgTable(
  "connections",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: varchar("name", { length: 50 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("OPENING"),
    provider: varchar("provider", { length: 20 }).notNull().default("beta"),
    isDefault: boolean("is_default").notNull().default(false),
    number: varchar("number", { length: 50 }),
    qrcode: text("qrcode"),
    retries: integer("retries").notNull().default(0),
    /** Token of the external API for this connection; never sent back in lists. */
    token: text("token"),
    greetingMessage: text("greeting_message").notNull().default(""),
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    expiresInactiveMessage: text("expires_inactive_message").notNull().default(""),
    expiresTicket: integer("expires_ticket").notNull().default(0),
    timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
    maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
    timeToTransfer: integer("time_to_transfer"),
    transferQueueId: integer("transfer_queue_id").references(() => queues.id, { onDelete: "set null" }),
    promptId: integer("prompt_id"),
    /** Driver session state (Baileys auth credentials and keys), kept in the database. */
    session: jsonb("session"),
    ...timestamps(),
  },
  (t) => [
    index("connections_company_id_idx").on(t.companyId),
    uniqueIndex("connections_company_name_unique").on(t.companyId, t.name),
  ],
);

export const connectionQueues = pgTable(
  "connection_queues",
  {
    companyId: companyId(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.queueId] }), index("connection_queues_company_id_idx").on(t.companyId)],
);

export const userQueues = pgTable(
  "user_queues",
  {
    companyId: companyId(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.queueId] }),
    index("user_queues_company_id_idx").on(t.companyId),
    index("user_queues_queue_id_idx").on(t.queueId),
  ],
);
