-- Customers' data rights (docs/privacy.md): when a contact's personal data was erased (LGPD art. 18, VI).
ALTER TABLE "contacts" ADD COLUMN "erased_at" timestamp with time zone;
