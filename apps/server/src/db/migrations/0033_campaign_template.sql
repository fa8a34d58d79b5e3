-- A campaign on an official-line connection sends an approved template as its first message: its name, language
-- and per-recipient parameter texts ({"name","language","parameters":[...]}); null for every other campaign.
ALTER TABLE "campaigns" ADD COLUMN IF NOT EXISTS "template" jsonb;
