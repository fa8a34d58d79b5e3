import { index, integer, pgTable, serial, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { companyId } from "./companies.ts";
import { users } from "./core.ts";

/**
 * Internal chats between users of one company (spec admin §2, §3). Only members read or write a chat;
 * only its owner edits or deletes it. A chat whose owner was deleted stays with its members, ownerless.
 */
export const chats = pgTable(
  "chats",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    title: varchar("title", { length: 100 }).notNull(),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    lastMessage: text("last_message").notNull().default(""),
    ...timestamps(),
  },
  (t) => [uniqueIndex("chats_uuid_unique").on(t.uuid), index("chats_company_id_idx").on(t.companyId)],
);

/** The members of a chat, each with the number of its messages they have not read. */
export const chatUsers = pgTable(
  "chat_users",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unreads: integer("unreads").notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex("chat_users_chat_user_unique").on(t.chatId, t.userId), index("chat_users_company_user_idx").on(t.companyId, t.userId)],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    chatId: integer("chat_id")
      .notNull()
      .references(() => chats.id, { onDelete: "cascade" }),
    /** Null once the sender's account was deleted (the message stays with the chat). */
    senderId: integer("sender_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    ...timestamps(),
  },
  (t) => [index("chat_messages_chat_id_idx").on(t.chatId, t.id), index("chat_messages_company_id_idx").on(t.companyId)],
);
