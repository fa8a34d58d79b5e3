-- Ticket numbers per company (1, 2, 3…) instead of the installation-wide id, whose sequence every
-- company shares and every insert that lost a conflict consumed.
ALTER TABLE "companies" ADD COLUMN "last_ticket_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tickets" SET "number" = numbered.n
  FROM (SELECT "id", row_number() OVER (PARTITION BY "company_id" ORDER BY "id") AS n FROM "tickets") AS numbered
  WHERE "tickets"."id" = numbered."id";--> statement-breakpoint
UPDATE "companies" SET "last_ticket_number" = COALESCE((SELECT max("number") FROM "tickets" WHERE "tickets"."company_id" = "companies"."id"), 0);--> statement-breakpoint
-- Every insert takes the company's next number; the counter's row lock serialises ticket creation per
-- company, and an insert rolled back (or undone to its savepoint) gives its number back.
CREATE OR REPLACE FUNCTION public.tickets_next_number() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE "companies" SET "last_ticket_number" = "last_ticket_number" + 1 WHERE "id" = NEW."company_id" RETURNING "last_ticket_number" INTO NEW."number";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_number" BEFORE INSERT ON "tickets" FOR EACH ROW EXECUTE FUNCTION public.tickets_next_number();--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_company_number_unique" ON "tickets" USING btree ("company_id","number");
