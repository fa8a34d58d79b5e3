CREATE TABLE "distribution_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"match_type" varchar(10) DEFAULT 'keywords' NOT NULL,
	"match" text NOT NULL,
	"strategy" varchar(20) DEFAULT 'least_load' NOT NULL,
	"online_only" boolean DEFAULT false NOT NULL,
	"queue_id" integer,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"ordered_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"rr_last_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_configs" (
	"queue_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"default_strategy" varchar(20) DEFAULT 'least_load' NOT NULL,
	"online_only_default" boolean DEFAULT false NOT NULL,
	"max_open_per_agent" integer,
	"default_ordered_user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sla_minutes_target" integer,
	"keywords" text DEFAULT '' NOT NULL,
	"enable_fallback_to_queue_keywords" boolean DEFAULT false NOT NULL,
	"rr_last_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_alerts" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distribution_rules" ADD CONSTRAINT "distribution_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_rules" ADD CONSTRAINT "distribution_rules_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_rules" ADD CONSTRAINT "distribution_rules_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_configs" ADD CONSTRAINT "queue_configs_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_configs" ADD CONSTRAINT "queue_configs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_alerts" ADD CONSTRAINT "sla_alerts_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_alerts" ADD CONSTRAINT "sla_alerts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_alerts" ADD CONSTRAINT "sla_alerts_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_alerts" ADD CONSTRAINT "sla_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_rules_store_position_idx" ON "distribution_rules" USING btree ("store_id","position","id");--> statement-breakpoint
CREATE INDEX "distribution_rules_company_id_idx" ON "distribution_rules" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "queue_configs_company_id_idx" ON "queue_configs" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "sla_alerts_company_id_idx" ON "sla_alerts" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_company_name_unique" ON "stores" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "distribution_logs_company_created_idx" ON "distribution_logs" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "distribution_logs_company_user_created_idx" ON "distribution_logs" USING btree ("company_id","assigned_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tickets_company_queue_created_idx" ON "tickets" USING btree ("company_id","queue_id","created_at");