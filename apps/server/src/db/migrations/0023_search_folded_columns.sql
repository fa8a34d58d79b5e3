-- Searches compare folded text (search_fold, migration 0016_search_fold_sql) kept in columns of their
-- own: the database fills them for every existing row as the columns are added, and on every write
-- after. Their trigram indexes replace those on the expression search_fold(name) and search_fold(body),
-- whose rechecks folded each row again.
ALTER TABLE "contacts" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (public.search_fold("contacts"."name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "body_folded" text GENERATED ALWAYS AS (public.search_fold("messages"."body")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_name_folded_trgm_idx" ON "contacts" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_body_folded_trgm_idx" ON "messages" USING gin ("body_folded" gin_trgm_ops);--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_name_fold_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "messages_body_fold_trgm_idx";
--> statement-breakpoint
-- The new columns have no statistics until the next analyze, and the rewrite does not count as changes
-- for autovacuum: without them the planner misjudges how common a term is and a search can take seconds.
ANALYZE "contacts";--> statement-breakpoint
ANALYZE "messages";
