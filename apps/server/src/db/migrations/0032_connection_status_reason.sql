-- Why a connection is DISCONNECTED when its network said why (an error code of the catalogue, e.g. the official
-- line's ERR_CLOUD_TOKEN_INVALID), shown to the admin with the connection.
-- IF NOT EXISTS: this migration first shipped with a time older than 0031's, so databases created from that release
-- already have the column and run it again once its time is in order.
ALTER TABLE "connections" ADD COLUMN IF NOT EXISTS "status_reason" varchar(64);
