DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "messages_body_trgm_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_retry_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_pending_send_idx" ON "messages" USING btree ("whatsapp_id","contact_id","id") WHERE "messages"."send_status" = 'pending' and "messages"."from_me";