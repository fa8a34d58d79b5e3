import { sql } from "drizzle-orm";
import type { CampaignTemplate } from "@conversa/shared";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { connections } from "./channels.ts";
import { timestamps } from "./columns.ts";
import { companyId } from "./companies.ts";
import { users } from "./core.ts";
import { contacts, tags } from "./conversations.ts";

/** A list of people a campaign can be sent to (spec admin §3 ContactList). */
export const contactLists = pgTable(
  "contact_lists",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: varchar("name", { length: 50 }).notNull(),
    ...timestamps(),
  },
  (t) => [index("contact_lists_company_name_idx").on(t.companyId, sql`lower(${t.name})`)],
);

/** One person of a contact list; `isWhatsappValid` is null until the validity job checked the number. */
export const contactListItems = pgTable(
  "contact_list_items",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    contactListId: integer("contact_list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 50 }).notNull(),
    /** Digits only; unique within the list. */
    number: varchar("number", { length: 50 }).notNull(),
    email: varchar("email", { length: 255 }).notNull().default(""),
    isWhatsappValid: boolean("is_whatsapp_valid"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("contact_list_items_list_number_unique").on(t.contactListId, t.number),
    index("contact_list_items_company_id_idx").on(t.companyId),
    // The validity job's next numbers to check.
    index("contact_list_items_unchecked_idx").on(t.contactListId, t.id).where(sql`${t.isWhatsappValid} is null`),
  ],
);

/** Campaign settings, one row per key with a JSON value (spec admin §3 Campaign settings). */
export const campaignSettings = pgTable(
  "campaign_settings",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    key: varchar("key", { length: 50 }).notNull(),
    value: jsonb("value").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("campaign_settings_company_key_unique").on(t.companyId, t.key)],
);

/** Safe pacing of campaign sends on one connection, set by an admin; no campaign exceeds it. */
export const campaignPacing = pgTable(
  "campaign_pacing",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => connections.id, { onDelete: "cascade" }),
    dailyLimit: integer("daily_limit"),
    /** Minutes after local midnight (company time zone). */
    windowStartMinute: integer("window_start_minute"),
    windowEndMinute: integer("window_end_minute"),
    jitterSeconds: integer("jitter_seconds").notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex("campaign_pacing_whatsapp_unique").on(t.whatsappId), index("campaign_pacing_company_id_idx").on(t.companyId)],
);

/** A file list (/files): a message and files sent after a campaign's message. */
export const fileLists = pgTable(
  "file_lists",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: varchar("name", { length: 100 }).notNull(),
    message: text("message").notNull().default(""),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [index("file_lists_company_id_idx").on(t.companyId)],
);

export const fileListOptions = pgTable(
  "file_list_options",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    fileListId: integer("file_list_id")
      .notNull()
      .references(() => fileLists.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 120 }).notNull(),
    /** Stored media file name, null until uploaded. */
    path: text("path"),
    mediaType: varchar("media_type", { length: 100 }),
    ...timestamps(),
  },
  (t) => [index("file_list_options_list_idx").on(t.fileListId), index("file_list_options_company_id_idx").on(t.companyId)],
);

export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: varchar("name", { length: 50 }).notNull(),
    message1: text("message1").notNull().default(""),
    message2: text("message2").notNull().default(""),
    message3: text("message3").notNull().default(""),
    message4: text("message4").notNull().default(""),
    message5: text("message5").notNull().default(""),
    confirmationMessage1: text("confirmation_message1").notNull().default(""),
    confirmationMessage2: text("confirmation_message2").notNull().default(""),
    confirmationMessage3: text("confirmation_message3").notNull().default(""),
    confirmationMessage4: text("confirmation_message4").notNull().default(""),
    confirmationMessage5: text("confirmation_message5").notNull().default(""),
    status: varchar("status", { length: 20 }).notNull().default("INATIVA"),
    confirmation: boolean("confirmation").notNull().default(false),
    scheduledAt: timestamp("scheduled_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** Why the dispatch paused the campaign by itself (an error code, e.g. its template no longer offered); null when a user paused it. */
    pauseReason: text("pause_reason"),
    whatsappId: integer("whatsapp_id").references(() => connections.id, { onDelete: "set null" }),
    contactListId: integer("contact_list_id").references(() => contactLists.id, { onDelete: "set null" }),
    tagListId: integer("tag_list_id").references(() => tags.id, { onDelete: "set null" }),
    fileListId: integer("file_list_id").references(() => fileLists.id, { onDelete: "set null" }),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    /** Official-line connections: the approved template sent as the first message (`CampaignTemplate`). */
    template: jsonb("template").$type<CampaignTemplate>(),
    /**
     * The dispatch chain's step number: exactly one queued `campaigns.dispatch` job carries it. A step
     * advances it in the transaction that stores its send, so a duplicate or stale job finds it moved on.
     */
    dispatchSeq: integer("dispatch_seq").notNull().default(0),
    /** Campaign messages sent so far (for the longer pause after every N). */
    sentCount: integer("sent_count").notNull().default(0),
    ...timestamps(),
  },
  (t) => [index("campaigns_company_id_idx").on(t.companyId, t.id)],
);

/**
 * One recipient of a started campaign (frozen at the start). `messageId` is the stored outbound message
 * of the campaign text (and `confirmationMessageId` that of the confirmation): each is written in the
 * transaction that stores the message, and only when it was null, so no recipient ever gets two.
 */
export const campaignShipping = pgTable(
  "campaign_shipping",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    contactListItemId: integer("contact_list_item_id"),
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    number: varchar("number", { length: 50 }).notNull(),
    name: varchar("name", { length: 100 }).notNull().default(""),
    email: varchar("email", { length: 255 }).notNull().default(""),
    /** The message slot (1–5) chosen for this recipient, kept for the message that follows a confirmation. */
    slot: integer("slot"),
    /** The connection of the first send, for the per-connection daily cap. */
    whatsappId: integer("whatsapp_id"),
    /** When a step took this recipient (first message stored). */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    confirmationMessageId: integer("confirmation_message_id"),
    confirmationRequestedAt: timestamp("confirmation_requested_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    messageId: integer("message_id"),
    /** Files of the file list already queued after the message. */
    filesSent: integer("files_sent").notNull().default(0),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    /** The recipient opted out after the start: never sent. */
    skippedAt: timestamp("skipped_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("campaign_shipping_campaign_number_unique").on(t.campaignId, t.number),
    index("campaign_shipping_company_id_idx").on(t.companyId),
    index("campaign_shipping_pending_idx").on(t.campaignId, t.id).where(sql`${t.claimedAt} is null and ${t.skippedAt} is null`),
    // Sent but not yet known delivered or failed: what each dispatch step reconciles.
    index("campaign_shipping_in_flight_idx").on(t.campaignId).where(sql`${t.claimedAt} is not null and ${t.deliveredAt} is null and ${t.failedAt} is null`),
    index("campaign_shipping_connection_claimed_idx").on(t.whatsappId, t.claimedAt),
    index("campaign_shipping_message_idx").on(t.messageId),
    // An ack's watcher asks whether the message is a campaign's confirmation request.
    index("campaign_shipping_confirmation_message_idx").on(t.confirmationMessageId).where(sql`${t.confirmationMessageId} is not null`),
    index("campaign_shipping_number_idx").on(t.companyId, t.number),
    // The dashboard's campaign messages sent within a period.
    index("campaign_shipping_company_claimed_idx").on(t.companyId, t.claimedAt),
  ],
);

/** A number that answered an opt-out word: it never receives another campaign of the company. */
export const campaignOptOuts = pgTable(
  "campaign_opt_outs",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    number: varchar("number", { length: 50 }).notNull(),
    word: varchar("word", { length: 30 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("campaign_opt_outs_company_number_unique").on(t.companyId, t.number)],
);
