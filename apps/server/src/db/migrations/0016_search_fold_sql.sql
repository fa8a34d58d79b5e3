-- Search without regard to accents or case: search_fold(text) is lower(unaccent(text)), declared
-- immutable (unaccent() alone is only stable, as its dictionary could change) so that trigram indexes
-- can be built on it. Searches compare search_fold(column) LIKE search_fold(pattern).
CREATE OR REPLACE FUNCTION public.search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_fold_trgm_idx" ON "contacts" USING gin (public.search_fold("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_fold_trgm_idx" ON "messages" USING gin (public.search_fold("body") gin_trgm_ops);
