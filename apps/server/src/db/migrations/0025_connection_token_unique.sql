-- A connection's external-API token names one connection of the whole installation, and a typed one has
-- 32 to 200 printable characters without spaces. Before the unique index can exist, the tokens that break
-- either rule are replaced: blank ones become none (as a blank token always meant), and every duplicated
-- (all the rows that shared it: the API refused a shared token already, so none of them worked), short or
-- otherwise unusable one gets a new random value of 64 hex characters (two random UUIDs, 244 random bits),
-- which the connection's admins see in its edit dialog. Integrations that used a replaced token must
-- take the new one (docs/external-api.md).
UPDATE "connections" SET "token" = NULL WHERE "token" ~ '^\s*$';--> statement-breakpoint
UPDATE "connections"
SET "token" = replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''), "updated_at" = now()
WHERE "token" IS NOT NULL
  AND ("token" !~ '^[\x21-\x7e]{32,200}$'
    OR md5("token") IN (SELECT md5("token") FROM "connections" WHERE "token" IS NOT NULL GROUP BY md5("token") HAVING count(*) > 1));--> statement-breakpoint
DROP INDEX IF EXISTS "connections_token_md5_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "connections_token_unique" ON "connections" USING btree (md5("token")) WHERE "connections"."token" <> '';
