-- Two-factor sign-in (docs/security.md, "Two-factor sign-in"): the sealed TOTP secret, a pending one awaiting
-- its first code, when it was turned on, the replay guard, and the hashes of the unused recovery codes.
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recovery_codes" jsonb;
