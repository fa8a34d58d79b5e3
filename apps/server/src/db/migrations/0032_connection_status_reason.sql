-- Why a connection is DISCONNECTED when its network said why (an error code of the catalogue, e.g. the official
-- line's ERR_CLOUD_TOKEN_INVALID), shown to the admin with the connection.
ALTER TABLE "connections" ADD COLUMN "status_reason" varchar(64);
