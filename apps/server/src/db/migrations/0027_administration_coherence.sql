-- Billing state, distribution to attendants who can answer, campaign sends apart from the inbox, and kanban lane order.
ALTER TABLE "plans" ADD COLUMN "is_public" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A trial ends when a payment settles: a company that has already paid an invoice is no longer in trial.
UPDATE "companies" SET "trial_expiration" = NULL WHERE "trial_expiration" IS NOT NULL AND EXISTS (SELECT 1 FROM "invoices" WHERE "invoices"."company_id" = "companies"."id" AND "invoices"."status" = 'paid');--> statement-breakpoint
-- Distribution reserves tickets only for attendants who can answer them (docs/distribution.md, "Who may be chosen").
--
-- 1. New rules and queue configs are online-only by default. Existing rows holding the old default (false)
--    are switched to online-only too: false was the column default and the forms' initial state, so a false
--    saved until now almost always means "never chosen" rather than "chosen to include offline attendants",
--    and it is what reserved waiting tickets for attendants who were away. An admin who does want offline
--    attendants to receive tickets turns "Somente atendentes online" off again on the rule or queue config.
-- 2. `users.last_login_at` records each login. Distribution never reserves a ticket for a user who has never
--    logged in, whatever the config. Users who show signs of an earlier session (a presence time or a refresh
--    token) count as logged in at that time, so that working attendants keep receiving tickets.
ALTER TABLE "distribution_rules" ALTER COLUMN "online_only" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "queue_configs" ALTER COLUMN "online_only_default" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
UPDATE "distribution_rules" SET "online_only" = true WHERE "online_only" = false;--> statement-breakpoint
UPDATE "queue_configs" SET "online_only_default" = true WHERE "online_only_default" = false;--> statement-breakpoint
UPDATE "users" SET "last_login_at" = coalesce("last_seen_at", "updated_at") WHERE "last_seen_at" IS NOT NULL OR "refresh_token_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "origin" varchar(10) DEFAULT 'inbox' NOT NULL;--> statement-breakpoint
CREATE INDEX "campaign_shipping_company_claimed_idx" ON "campaign_shipping" USING btree ("company_id","claimed_at");--> statement-breakpoint
-- Tickets created before this migration only to carry campaign sends (closed, never accepted, with a
-- campaign message and no customer message) become campaign tickets, so they leave the Resolved tab and
-- the dashboard's finished count as the new ones do.
UPDATE "tickets" SET "origin" = 'campaign'
WHERE "status" = 'closed' AND "user_id" IS NULL AND "accepted_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "campaign_shipping" s JOIN "messages" m ON m."id" IN (s."message_id", s."confirmation_message_id")
    WHERE s."company_id" = "tickets"."company_id" AND m."ticket_id" = "tickets"."id"
  )
  AND NOT EXISTS (SELECT 1 FROM "messages" m WHERE m."ticket_id" = "tickets"."id" AND m."from_me" = false);--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "kanban_order" integer;
