import { index, integer, pgTable, real, serial, text, varchar } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";
import { companyId } from "./companies.ts";
import { queues } from "./channels.ts";

/**
 * AI prompts (spec admin §3, engine §7): the system text and settings a chat-completions model answers
 * a queue's customers with. Secrets (`apiKeySealed`, `voiceKeySealed`) are sealed with the server's
 * DATA_ENCRYPTION_KEY (lib/secret-box.ts) and never returned in full.
 */
export const prompts = pgTable(
  "prompts",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    name: varchar("name", { length: 100 }).notNull(),
    prompt: text("prompt").notNull(),
    /** The queue the prompt answers for, and where it hands tickets over to people. */
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    model: varchar("model", { length: 100 }).notNull().default("gpt-4o-mini"),
    /** A chat-completions server of its own (…/v1); null uses the installation's OPENAI_BASE_URL. */
    baseUrl: varchar("base_url", { length: 500 }),
    maxTokens: integer("max_tokens").notNull().default(100),
    temperature: real("temperature").notNull().default(1),
    maxMessages: integer("max_messages").notNull().default(10),
    apiKeySealed: text("api_key_sealed"),
    apiKeyLast4: varchar("api_key_last4", { length: 4 }),
    /** "texto" (answer in text) or one of the speech voices. */
    voice: varchar("voice", { length: 60 }).notNull().default("texto"),
    voiceKeySealed: text("voice_key_sealed"),
    voiceKeyLast4: varchar("voice_key_last4", { length: 4 }),
    voiceRegion: varchar("voice_region", { length: 60 }).notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("prompts_company_id_idx").on(t.companyId, t.name)],
);

/**
 * Queue integrations (spec admin §3, engine §7): dialogflow, n8n, webhook, typebot. The service-account
 * JSON and the webhook signing secret are sealed like the prompts' keys.
 */
export const queueIntegrations = pgTable(
  "queue_integrations",
  {
    id: serial("id").primaryKey(),
    companyId: companyId(),
    type: varchar("type", { length: 20 }).notNull(),
    name: varchar("name", { length: 50 }).notNull(),
    projectName: varchar("project_name", { length: 200 }).notNull().default(""),
    jsonContentSealed: text("json_content_sealed"),
    /** The service account's e-mail, shown in place of the sealed JSON. */
    jsonClientEmail: varchar("json_client_email", { length: 320 }),
    language: varchar("language", { length: 10 }).notNull().default("pt-BR"),
    urlN8N: varchar("url_n8n", { length: 1000 }).notNull().default(""),
    secretSealed: text("secret_sealed"),
    typebotSlug: varchar("typebot_slug", { length: 200 }).notNull().default(""),
    typebotExpires: integer("typebot_expires").notNull().default(1),
    typebotDelayMessage: integer("typebot_delay_message").notNull().default(1000),
    typebotKeywordFinish: varchar("typebot_keyword_finish", { length: 100 }).notNull().default(""),
    typebotKeywordRestart: varchar("typebot_keyword_restart", { length: 100 }).notNull().default(""),
    typebotUnknownMessage: text("typebot_unknown_message").notNull().default(""),
    typebotRestartMessage: text("typebot_restart_message").notNull().default(""),
    ...timestamps(),
  },
  (t) => [index("queue_integrations_company_id_idx").on(t.companyId, t.id)],
);
