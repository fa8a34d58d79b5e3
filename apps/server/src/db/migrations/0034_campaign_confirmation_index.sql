-- An ack's watcher asks whether the acked message is a campaign's confirmation request: without this index that
-- question read every shipping row of the company.
CREATE INDEX IF NOT EXISTS "campaign_shipping_confirmation_message_idx" ON "campaign_shipping" USING btree ("confirmation_message_id") WHERE "campaign_shipping"."confirmation_message_id" is not null;
