import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { connections, queues } from "./channels.ts";
import { timestamps } from "./columns.ts";
import { companies, companyId } from "./companies.ts";

/** Help videos (spec admin §3): the provider's, installation-wide, read by every user of every company. */
export const helps = pgTable("helps", {
  id: serial("id").primaryKey(),
  title: varchar("title", { length: 100 }).notNull(),
  /** The video's code on the video hosting service (a YouTube video id). */
  video: varchar("video", { length: 11 }).notNull(),
  description: text("description").notNull().default(""),
  ...timestamps(),
});

/**
 * The bytes of media a company keeps in the media store (docs/security.md, "Storage quota"), kept by the
 * store as it writes and removes the company's files. No row: not measured yet; the store measures the
 * company's folder the first time it needs the figure.
 */
export const companyStorage = pgTable("company_storage", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  usedBytes: bigint("used_bytes", { mode: "number" }).notNull().default(0),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 50 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    passwordHash: text("password_hash").notNull(),
    profile: varchar("profile", { length: 10 }).notNull().default("user"),
    isSuper: boolean("super").notNull().default(false),
    online: boolean("online").notNull().default(false),
    allTicket: varchar("all_ticket", { length: 10 }).notNull().default("desabled"),
    /** Default connection of the user. */
    whatsappId: integer("whatsapp_id").references((): AnyPgColumn => connections.id, { onDelete: "set null" }),
    /** Bumped by every login and logout: tokens carrying an older version are refused. */
    tokenVersion: integer("token_version").notNull().default(0),
    /** Id of the one refresh token currently valid; rotated on every use. */
    refreshTokenId: varchar("refresh_token_id", { length: 64 }),
    /**
     * The refresh token id replaced by the last rotation and when: presented again within the grace
     * window (REFRESH_GRACE_MS) it answers the session of its rotation instead of ending the session.
     */
    previousRefreshTokenId: varchar("previous_refresh_token_id", { length: 64 }),
    refreshRotatedAt: timestamp("refresh_rotated_at", { withTimezone: true }),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** The user's latest login; null: never logged in (distribution never reserves a ticket for them). */
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    /** The TOTP secret of two-factor sign-in (base32), sealed with the data encryption key (lib/secret-box.ts); null: off. */
    totpSecret: text("totp_secret"),
    /** A secret given by POST /auth/2fa/setup and not yet confirmed by a code (sealed too). */
    totpPendingSecret: text("totp_pending_secret"),
    /** When two-factor sign-in was turned on; null: off. */
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The time step of the last TOTP code accepted: a code is accepted once, and never one of an earlier step. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** SHA-256 hashes of the unused recovery codes (recovery-codes.ts); a used one is removed. */
    recoveryCodes: jsonb("recovery_codes").$type<string[]>(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_company_id_idx").on(t.companyId),
  ],
);

/**
 * Failed-login counters, shared by every server process (docs/security.md, "Login throttling"). One row
 * per counter: an (account, address) pair, an account or an address, keyed by a hash so that no e-mail
 * or address is kept in the clear. Rows are pruned once expired.
 */
export const loginThrottles = pgTable(
  "login_throttles",
  {
    /** sha256 (hex) of the counter's kind and subject. */
    key: varchar("key", { length: 64 }).primaryKey(),
    failures: integer("failures").notNull().default(0),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    /** When the counter is forgotten (a quiet period after its last failure). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_throttles_expires_at_idx").on(t.expiresAt)],
);

export const settings = pgTable(
  "settings",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 64 }).notNull(),
    value: text("value").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("settings_company_key_unique").on(t.companyId, t.key)],
);

/**
 * Announcements (spec admin §3): installation-wide, written by super users, read by every user of
 * every company. The attachment lives in the media store's installation folder.
 */
export const announcements = pgTable(
  "announcements",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 200 }).notNull(),
    text: text("text").notNull(),
    /** 1 high, 2 medium, 3 low. */
    priority: integer("priority").notNull().default(3),
    status: boolean("status").notNull().default(true),
    mediaPath: varchar("media_path", { length: 255 }),
    mediaName: varchar("media_name", { length: 255 }),
    ...timestamps(),
  },
  (t) => [index("announcements_status_priority_idx").on(t.status, t.priority, t.id)],
);

/**
 * Single-use codes mailed to a user: a password reset, or the invitation of a new company's admin to
 * set a first password. Only a hash of the code is kept; a few wrong tries burn it.
 */
export const accountCodes = pgTable(
  "account_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "reset" or "invite". */
    purpose: varchar("purpose", { length: 10 }).notNull(),
    /** sha256 (hex) of the code. */
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    failedTries: integer("failed_tries").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_codes_user_id_idx").on(t.userId), index("account_codes_expires_at_idx").on(t.expiresAt)],
);

/**
 * Fixed-window request counters shared by every server process (public routes: sign-up, password
 * reset). One row per counter, keyed by a hash of its name and subject; rows are pruned once their
 * window has passed.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    /** sha256 (hex) of the counter's name and subject. */
    key: varchar("key", { length: 64 }).primaryKey(),
    hits: integer("hits").notNull().default(0),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_reset_at_idx").on(t.resetAt)],
);

/** Settings of the whole installation, written by super users (e.g. whether public sign-up is open). */
export const installationSettings = pgTable("installation_settings", {
  key: varchar("key", { length: 64 }).primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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
