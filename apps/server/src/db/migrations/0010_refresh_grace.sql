ALTER TABLE "users" ADD COLUMN "previous_refresh_token_id" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "refresh_rotated_at" timestamp with time zone;