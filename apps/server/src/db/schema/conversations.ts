import { type SQL, sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { connections, queues } from "./channels.ts";
import { timestamps } from "./columns.ts";
import { companyId } from "./companies.ts";
import { users } from "./core.ts";

export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    name: varchar("name", { length: 100 }).notNull(),
    /**
     * The name as searches compare it (search_fold: lower case, accents removed), kept by the database
     * on every write, so a search tests it without folding each row it reads.
     */
    nameFolded: text("name_folded")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`public.search_fold(${contacts.name})`),
    /** Digits only; unique per company. */
    number: varchar("number", { length: 50 }).notNull(),
    email: varchar("email", { length: 255 }).notNull().default(""),
    profilePicUrl: text("profile_pic_url"),
    isGroup: boolean("is_group").notNull().default(false),
    /** Connection the contact was last seen on. */
    whatsappId: integer("whatsapp_id").references(() => connections.id, { onDelete: "set null" }),
    /** When the person's data was erased (docs/privacy.md); the row stays, without personal data, for the tickets' reports. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contacts_company_number_unique").on(t.companyId, t.number),
    uniqueIndex("contacts_uuid_unique").on(t.uuid),
    index("contacts_company_name_idx").on(t.companyId, sql`lower(${t.name})`),
    // Ticket and contact search: "contains" on the folded name and on the number.
    index("contacts_name_folded_trgm_idx").using("gin", sql`${t.nameFolded} gin_trgm_ops`),
    index("contacts_number_trgm_idx").using("gin", sql`${t.number} gin_trgm_ops`),
  ],
);

export const contactExtraInfo = pgTable(
  "contact_extra_info",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    value: text("value").notNull().default(""),
  },
  (t) => [index("contact_extra_info_contact_id_idx").on(t.contactId), index("contact_extra_info_company_id_idx").on(t.companyId)],
);

export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    /**
     * The ticket's number within its company (1, 2, 3…), shown as #N. Set by the `tickets_number` trigger
     * from `companies.last_ticket_number`; an insert that does not happen must roll its number back too.
     */
    number: integer("number").notNull().default(0),
    status: varchar("status", { length: 10 }).notNull().default("pending"),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    whatsappId: integer("whatsapp_id").references(() => connections.id, { onDelete: "set null" }),
    isGroup: boolean("is_group").notNull().default(false),
    chatbot: boolean("chatbot").notNull().default(false),
    useIntegration: boolean("use_integration").notNull().default(false),
    integrationId: integer("integration_id"),
    promptId: integer("prompt_id"),
    code: varchar("code", { length: 40 }),
    lastMessage: text("last_message").notNull().default(""),
    unreadMessages: integer("unread_messages").notNull().default(0),
    /** Bot menu state: how many times the menu was sent, the current option node. */
    botState: jsonb("bot_state"),
    /** When the ticket was accepted by a person (for wait-time figures). */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    awaitingRating: boolean("awaiting_rating").notNull().default(false),
    /** Last message from the customer: the expiry timer counts from here. */
    lastCustomerMessageAt: timestamp("last_customer_message_at", { withTimezone: true }),
    /** Last out-of-hours notice sent on this ticket (at most one an hour). */
    outOfHoursSentAt: timestamp("out_of_hours_sent_at", { withTimezone: true }),
    /** User suggested by the distribution rules for a pending ticket. */
    recommendedUserId: integer("recommended_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Two lines on the conversation a bot handed over, for the attendant who takes it. */
    botSummary: text("bot_summary"),
    /**
     * Where the ticket came from: "inbox" (a conversation for attendants) or "campaign" (the closed
     * ticket that only carries campaign sends and opt-out replies into the contact's history). Campaign
     * tickets are left out of every ticket list, count and report (`isInboxTicket`).
     */
    origin: varchar("origin", { length: 10 }).notNull().default("inbox"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("tickets_uuid_unique").on(t.uuid),
    uniqueIndex("tickets_company_number_unique").on(t.companyId, t.number),
    // The inbox tabs: one status, newest activity first, with the id as tie-breaker (matches ORDER BY exactly).
    index("tickets_company_status_updated_idx").on(t.companyId, t.status, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("tickets_company_updated_idx").on(t.companyId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The pending tab, a waiting line: the longest waiting first (matches its ORDER BY; pending rows only).
    index("tickets_company_pending_created_idx")
      .on(t.companyId, t.createdAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("tickets_company_queue_status_idx").on(t.companyId, t.queueId, t.status),
    // Queue metrics over a period (average wait, SLA) and the waiting line, oldest first.
    index("tickets_company_queue_created_idx").on(t.companyId, t.queueId, t.createdAt),
    index("tickets_company_user_status_idx").on(t.companyId, t.userId, t.status),
    index("tickets_contact_id_idx").on(t.contactId),
    // Dashboard periods: tickets created in a date range.
    index("tickets_company_created_idx").on(t.companyId, t.createdAt),
    // Dashboard periods: tickets closed in a date range (support times, finished counts).
    index("tickets_company_closed_idx")
      .on(t.companyId, t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    // One open or pending ticket per contact and connection: two messages arriving together never make two tickets.
    uniqueIndex("tickets_one_active_per_contact")
      .on(t.contactId, t.whatsappId)
      .where(sql`${t.status} in ('open', 'pending')`),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    whatsappId: integer("whatsapp_id").references(() => connections.id, { onDelete: "set null" }),
    /** The network's own message id, used to drop redeliveries. */
    wid: varchar("wid", { length: 128 }),
    body: text("body").notNull().default(""),
    /** The text as searches compare it (search_fold: lower case, accents removed), kept by the database on every write. */
    bodyFolded: text("body_folded")
      .notNull()
      .generatedAlwaysAs((): SQL => sql`public.search_fold(${messages.body})`),
    fromMe: boolean("from_me").notNull().default(false),
    read: boolean("read").notNull().default(false),
    ack: integer("ack").notNull().default(0),
    mediaType: varchar("media_type", { length: 30 }).notNull().default("chat"),
    /** Stored media file name (random id + extension) under the data directory; served through an authenticated route. */
    mediaUrl: text("media_url"),
    mediaName: text("media_name"),
    mediaMime: varchar("media_mime", { length: 100 }),
    mediaSize: integer("media_size"),
    /** Outbound delivery: pending (queued), sent, failed (after the last retry; resendable). */
    sendStatus: varchar("send_status", { length: 10 }).notNull().default("sent"),
    /** Why the last try of a pending send failed (it is being retried), or why a failed one gave up. */
    sendError: text("send_error"),
    /** A pending send that failed is retried until then, and marked failed after (set on its first failure). */
    sendRetryUntil: timestamp("send_retry_until", { withTimezone: true }),
    /** The network's own kind when it is not one the product knows (stored as text, never dropped). */
    rawType: varchar("raw_type", { length: 60 }),
    /** Structured content by type: location {latitude, longitude, description}, vcard, call log. */
    data: jsonb("data"),
    isDeleted: boolean("is_deleted").notNull().default(false),
    quotedMsgId: integer("quoted_msg_id"),
    /** Group participant who wrote the message. */
    participant: varchar("participant", { length: 128 }),
    /** The name that participant gave WhatsApp (its push name) when the message arrived. */
    participantName: varchar("participant_name", { length: 128 }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    index("messages_ticket_created_idx").on(t.ticketId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("messages_company_id_idx").on(t.companyId),
    // The send queue of a conversation: its oldest pending outbound message goes first.
    index("messages_pending_send_idx")
      .on(t.whatsappId, t.contactId, t.id)
      .where(sql`${t.sendStatus} = 'pending' and ${t.fromMe}`),
    uniqueIndex("messages_connection_wid_unique").on(t.companyId, t.whatsappId, t.wid),
    // Text search: "contains" on the folded text.
    index("messages_body_folded_trgm_idx").using("gin", sql`${t.bodyFolded} gin_trgm_ops`),
    // GET /media finds the message that names a file (to apply its ticket's visibility rule).
    index("messages_company_media_url_idx").on(t.companyId, t.mediaUrl).where(sql`${t.mediaUrl} is not null`),
  ],
);

export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    note: text("note").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    ...timestamps(),
  },
  (t) => [index("ticket_notes_ticket_contact_idx").on(t.ticketId, t.contactId), index("ticket_notes_company_id_idx").on(t.companyId)],
);

export const tags = pgTable(
  "tags",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: varchar("name", { length: 50 }).notNull(),
    color: varchar("color", { length: 9 }).notNull().default("#2DDD7F"),
    kanban: integer("kanban").notNull().default(0),
    /** The lane's place on the company's board, set by its admins (PUT /tags/kanban/order); none: after those placed, by name. */
    kanbanOrder: integer("kanban_order"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [uniqueIndex("tags_company_name_unique").on(t.companyId, t.name)],
);

export const ticketTags = pgTable(
  "ticket_tags",
  {
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] }), index("ticket_tags_tag_id_idx").on(t.tagId), index("ticket_tags_company_id_idx").on(t.companyId)],
);

export const quickMessages = pgTable(
  "quick_messages",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    shortcode: varchar("shortcode", { length: 100 }).notNull(),
    message: text("message").notNull().default(""),
    geral: boolean("geral").notNull().default(false),
    status: boolean("status").notNull().default(true),
    isMedia: boolean("is_media").notNull().default(false),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [index("quick_messages_company_shortcode_idx").on(t.companyId, t.shortcode)],
);

export const schedules = pgTable(
  "schedules",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    body: text("body").notNull(),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    status: varchar("status", { length: 20 }).notNull().default("PENDENTE"),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [index("schedules_company_send_at_idx").on(t.companyId, t.sendAt)],
);

export const distributionLogs = pgTable(
  "distribution_logs",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "cascade" }),
    storeId: integer("store_id"),
    fromQueueId: integer("from_queue_id").references(() => queues.id, { onDelete: "set null" }),
    toQueueId: integer("to_queue_id").references(() => queues.id, { onDelete: "set null" }),
    ruleId: integer("rule_id"),
    assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    strategy: varchar("strategy", { length: 20 }),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("distribution_logs_company_ticket_idx").on(t.companyId, t.ticketId, t.createdAt.desc()),
    // GET /distribution-logs by period, and each agent's latest assignment (least_load's tie-break).
    index("distribution_logs_company_created_idx").on(t.companyId, t.createdAt.desc()),
    index("distribution_logs_company_user_created_idx").on(t.companyId, t.assignedUserId, t.createdAt.desc()),
  ],
);

/**
 * What attendants did to a ticket (accepted, transferred, returned, resolved, reopened), by whom and when:
 * the activity lines of the conversation. Written in the transaction of the change itself.
 */
export const ticketEvents = pgTable(
  "ticket_events",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    /** Who did it (null: the user was deleted since). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** A transfer's destination. */
    toQueueId: integer("to_queue_id").references(() => queues.id, { onDelete: "set null" }),
    toUserId: integer("to_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_events_company_ticket_created_idx").on(t.companyId, t.ticketId, t.createdAt)],
);

/** A customer's rating of a resolved ticket (1 unsatisfied, 2 satisfied, 3 very satisfied). */
export const userRatings = pgTable(
  "user_ratings",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rate: integer("rate").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("user_ratings_ticket_unique").on(t.ticketId), index("user_ratings_company_created_idx").on(t.companyId, t.createdAt)],
);
