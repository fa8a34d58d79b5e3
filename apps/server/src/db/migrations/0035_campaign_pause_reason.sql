-- Why the dispatch paused a campaign by itself (its template no longer offered by Meta): the report says so.
ALTER TABLE "campaigns" ADD COLUMN IF NOT EXISTS "pause_reason" text;
