import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { timestamps } from "./columns.ts";
import { companyId } from "./companies.ts";

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
    /** Why the session is DISCONNECTED when the network said why: an error code of the catalogue; null otherwise. */
    statusReason: varchar("status_reason", { length: 64 }),
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
    /** Official line (provider `cloud`): the Graph API's phone number id and WhatsApp Business Account id. */
    cloudPhoneNumberId: varchar("cloud_phone_number_id", { length: 64 }),
    cloudBusinessAccountId: varchar("cloud_business_account_id", { length: 64 }),
    /** The Graph API access token and the Meta app's secret, sealed with DATA_ENCRYPTION_KEY (lib/secret-box.ts); never returned. */
    cloudAccessToken: text("cloud_access_token"),
    cloudAppSecret: text("cloud_app_secret"),
    /** The unguessable key of the connection's webhook URL (`/webhooks/whatsapp-cloud/{key}`), and the verify token of Meta's handshake. */
    cloudWebhookKey: varchar("cloud_webhook_key", { length: 64 }),
    cloudVerifyToken: varchar("cloud_verify_token", { length: 64 }),
    ...timestamps(),
  },
  (t) => [
    index("connections_company_id_idx").on(t.companyId),
    uniqueIndex("connections_company_name_unique").on(t.companyId, t.name),
    // A token names one connection of the whole installation. The external API finds it by its token's digest
    // (the token itself is then compared in constant time); two tokens with one digest count as the same.
    uniqueIndex("connections_token_unique").on(sql`md5(${t.token})`).where(sql`${t.token} <> ''`),
    uniqueIndex("connections_cloud_webhook_key_unique").on(t.cloudWebhookKey),
  ],
);

/** The message templates of an official-line connection's business account, as last synced from the Graph API. */
export const cloudTemplates = pgTable(
  "cloud_templates",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 512 }).notNull(),
    language: varchar("language", { length: 15 }).notNull(),
    category: varchar("category", { length: 40 }).notNull(),
    /** Meta's state: APPROVED, PENDING, REJECTED, PAUSED, DISABLED…; only APPROVED ones are sent. */
    status: varchar("status", { length: 20 }).notNull(),
    /** The BODY component's text, with its `{{n}}` parameters. */
    body: text("body").notNull().default(""),
    parameterCount: integer("parameter_count").notNull().default(0),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cloud_templates_connection_name_language_unique").on(t.connectionId, t.name, t.language), index("cloud_templates_company_id_idx").on(t.companyId)],
);

/**
 * One row per outbound message handed to the Graph API, written before the call: a send retried after a
 * crash finds its row and does not call again (the Graph API has no idempotency key). `wid` is set when
 * the call answered, or later from a status webhook that carries the key back (`biz_opaque_callback_data`).
 */
export const cloudSendAttempts = pgTable(
  "cloud_send_attempts",
  {
    companyId: companyId(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    idempotencyKey: varchar("idempotency_key", { length: 40 }).notNull(),
    wid: varchar("wid", { length: 128 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.idempotencyKey] }), index("cloud_send_attempts_company_id_idx").on(t.companyId)],
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

/** The chatbot option tree of a queue: roots have parentId null (the API's -1). */
export const queueOptions = pgTable(
  "queue_options",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => queueOptions.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 100 }).notNull(),
    message: text("message").notNull().default(""),
    /** Position among its siblings, numbered from 1. */
    option: integer("option").notNull(),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [index("queue_options_queue_parent_idx").on(t.queueId, t.parentId), index("queue_options_company_id_idx").on(t.companyId)],
);

/** Signal keys and credentials of a channel session (Baileys auth state), one row per key. */
export const channelAuthKeys = pgTable(
  "channel_auth_keys",
  {
    companyId: companyId(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    category: varchar("category", { length: 40 }).notNull(),
    keyId: varchar("key_id", { length: 200 }).notNull(),
    value: jsonb("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.category, t.keyId] }), index("channel_auth_keys_company_id_idx").on(t.companyId)],
);

/**
 * The built-in simulator's side of the conversation: what its customers sent and what they received.
 * `wid` is unique per connection, so a send retried with the same idempotency key is stored once.
 */
export const simulatorMessages = pgTable(
  "simulator_messages",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    /** in: customer → company; out: company → customer. */
    direction: varchar("direction", { length: 3 }).notNull(),
    customerNumber: varchar("customer_number", { length: 64 }).notNull(),
    customerName: varchar("customer_name", { length: 100 }),
    isGroup: boolean("is_group").notNull().default(false),
    wid: varchar("wid", { length: 128 }).notNull(),
    kind: varchar("kind", { length: 30 }).notNull().default("chat"),
    body: text("body").notNull().default(""),
    media: jsonb("media"),
    quotedWid: varchar("quoted_wid", { length: 128 }),
    ack: integer("ack").notNull().default(0),
    isDeleted: boolean("is_deleted").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("simulator_messages_connection_wid_unique").on(t.connectionId, t.wid),
    index("simulator_messages_connection_customer_idx").on(t.connectionId, t.customerNumber, t.createdAt),
  ],
);
