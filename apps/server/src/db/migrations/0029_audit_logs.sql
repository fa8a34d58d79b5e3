-- The audit log (docs/audit.md): append-only; rows are never updated, only removed by the retention job.
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"company_id" integer,
	"company_name" text,
	"actor_kind" varchar(16) NOT NULL,
	"user_id" integer,
	"user_name" text,
	"action" varchar(60) NOT NULL,
	"target_type" varchar(60),
	"target_id" varchar(60),
	"ip" varchar(64),
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "audit_logs_company_created_idx" ON "audit_logs" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE FUNCTION "audit_logs_refuse_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_logs is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION "audit_logs_refuse_update"();
