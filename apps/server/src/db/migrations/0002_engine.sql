CREATE TABLE "channel_auth_keys" (
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"category" varchar(40) NOT NULL,
	"key_id" varchar(200) NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_auth_keys_connection_id_category_key_id_pk" PRIMARY KEY("connection_id","category","key_id")
);
--> statement-breakpoint
CREATE TABLE "queue_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer NOT NULL,
	"parent_id" integer,
	"title" varchar(100) NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"option" integer NOT NULL,
	"media_path" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulator_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"direction" varchar(3) NOT NULL,
	"customer_number" varchar(64) NOT NULL,
	"customer_name" varchar(100),
	"is_group" boolean DEFAULT false NOT NULL,
	"wid" varchar(128) NOT NULL,
	"kind" varchar(30) DEFAULT 'chat' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media" jsonb,
	"quoted_wid" varchar(128),
	"ack" integer DEFAULT 0 NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"rate" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "schedules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_name" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_mime" varchar(100);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_size" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_status" varchar(10) DEFAULT 'sent' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_error" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "raw_type" varchar(60);--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "last_customer_message_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "out_of_hours_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "recommended_user_id" integer;--> statement-breakpoint
ALTER TABLE "channel_auth_keys" ADD CONSTRAINT "channel_auth_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_auth_keys" ADD CONSTRAINT "channel_auth_keys_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_options" ADD CONSTRAINT "queue_options_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_options" ADD CONSTRAINT "queue_options_queue_id_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_options" ADD CONSTRAINT "queue_options_parent_id_queue_options_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."queue_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD CONSTRAINT "simulator_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator_messages" ADD CONSTRAINT "simulator_messages_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_auth_keys_company_id_idx" ON "channel_auth_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "queue_options_queue_parent_idx" ON "queue_options" USING btree ("queue_id","parent_id");--> statement-breakpoint
CREATE INDEX "queue_options_company_id_idx" ON "queue_options" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulator_messages_connection_wid_unique" ON "simulator_messages" USING btree ("connection_id","wid");--> statement-breakpoint
CREATE INDEX "simulator_messages_connection_customer_idx" ON "simulator_messages" USING btree ("connection_id","customer_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_ratings_ticket_unique" ON "user_ratings" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "user_ratings_company_created_idx" ON "user_ratings" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_recommended_user_id_users_id_fk" FOREIGN KEY ("recommended_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;