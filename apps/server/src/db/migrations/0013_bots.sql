CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"prompt" text NOT NULL,
	"queue_id" integer NOT NULL,
	"model" varchar(100) DEFAULT 'gpt-4o-mini' NOT NULL,
	"base_url" varchar(500),
	"max_tokens" integer DEFAULT 100 NOT NULL,
	"temperature" real DEFAULT 1 NOT NULL,
	"max_messages" integer DEFAULT 10 NOT NULL,
	"api_key_sealed" text,
	"api_key_last4" varchar(4),
	"voice" varchar(60) DEFAULT 'texto' NOT NULL,
	"voice_key_sealed" text,
	"voice_key_last4" varchar(4),
	"voice_region" varchar(60) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"type" varchar(20) NOT NULL,
	"name" varchar(50) NOT NULL,
	"project_name" varchar(200) DEFAULT '' NOT NULL,
	"json_content_sealed" text,
	"json_client_email" varchar(320),
	"language" varchar(10) DEFAULT 'pt-BR' NOT NULL,
	"url_n8n" varchar(1000) DEFAULT '' NOT NULL,
	"secret_sealed" text,
	"typebot_slug" varchar(200) DEFAULT '' NOT NULL,
	"typebot_expires" integer DEFAULT 1 NOT NULL,
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"typebot_keyword_finish" varchar(100) DEFAULT '' NOT NULL,
	"typebot_keyword_restart" varchar(100) DEFAULT '' NOT NULL,
	"typebot_unknown_message" text DEFAULT '' NOT NULL,
	"typebot_restart_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bot_summary" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prompts_company_id_idx" ON "prompts" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "queue_integrations_company_id_idx" ON "queue_integrations" USING btree ("company_id","id");