-- The storage quota of each plan (MiB, 0 = unlimited; existing plans get 5 GiB) and the bytes each company keeps
-- in the media store. A company starts without a row: the media store measures its folder the first time it
-- needs the figure (an upload, a received file, a removal, or the usage shown to its admins).
CREATE TABLE "company_storage" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "storage_quota_mb" integer DEFAULT 5120 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_storage" ADD CONSTRAINT "company_storage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;