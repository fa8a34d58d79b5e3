-- The official WhatsApp line (provider "cloud", docs/cloud-api.md): a connection's Graph API ids, its sealed
-- access token and app secret, its webhook key and verify token; the synced message templates; and the
-- send attempts that keep a send retried after a crash from reaching the customer twice.
ALTER TABLE "connections" ADD COLUMN "cloud_phone_number_id" varchar(64);--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "cloud_business_account_id" varchar(64);--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "cloud_access_token" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "cloud_app_secret" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "cloud_webhook_key" varchar(64);--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "cloud_verify_token" varchar(64);--> statement-breakpoint
CREATE UNIQUE INDEX "connections_cloud_webhook_key_unique" ON "connections" USING btree ("cloud_webhook_key");--> statement-breakpoint
CREATE TABLE "cloud_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"name" varchar(512) NOT NULL,
	"language" varchar(15) NOT NULL,
	"category" varchar(40) NOT NULL,
	"status" varchar(20) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"parameter_count" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "cloud_send_attempts" (
	"company_id" integer NOT NULL,
	"connection_id" integer NOT NULL,
	"idempotency_key" varchar(40) NOT NULL,
	"wid" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cloud_send_attempts_connection_id_idempotency_key_pk" PRIMARY KEY("connection_id","idempotency_key")
);--> statement-breakpoint
ALTER TABLE "cloud_templates" ADD CONSTRAINT "cloud_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_templates" ADD CONSTRAINT "cloud_templates_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_send_attempts" ADD CONSTRAINT "cloud_send_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cloud_send_attempts" ADD CONSTRAINT "cloud_send_attempts_connection_id_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cloud_templates_connection_name_language_unique" ON "cloud_templates" USING btree ("connection_id","name","language");--> statement-breakpoint
CREATE INDEX "cloud_templates_company_id_idx" ON "cloud_templates" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "cloud_send_attempts_company_id_idx" ON "cloud_send_attempts" USING btree ("company_id");
