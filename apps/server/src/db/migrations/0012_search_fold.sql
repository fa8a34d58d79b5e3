DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "messages_body_trgm_idx";