-- Issue 18 (exports: VAT and accounts). Deposits are booked to the advances account (PCG 4191) and
-- reverse-charge sales to their own account: two accounting settings with their defaults.
ALTER TABLE "accounting_settings" ADD COLUMN "advance_account" text DEFAULT '419100' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD COLUMN "reverse_charge_account" text DEFAULT '706300' NOT NULL;--> statement-breakpoint
-- A payment's entry is validated when the payment is recorded (the FEC's ValidDate), not on the day
-- it was paid. Payments recorded before this migration: the day paid at noon (Paris), never before
-- their invoice's validation: the best that is known of them.
ALTER TABLE "payments" ADD COLUMN "recorded_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "payments" p SET "recorded_at" = greatest(
  (p.paid_on + time '12:00') AT TIME ZONE 'Europe/Paris',
  coalesce(i.validated_at, '-infinity'::timestamptz))
FROM "invoices" i WHERE i.id = p.invoice_id;--> statement-breakpoint
-- The company's accounting entries in the order they were validated: EcritureNum of the FEC
-- (article A47 A-1 of the LPF: one continuous sequence, entries in chronological order of
-- validation). A number is given once and never changes; an entry is a validated invoice (sales
-- journal) or a payment (bank journal). No foreign key to them: a number stays taken even if its
-- source is gone (the sequence shows the hole rather than renumbering what was exported).
CREATE TABLE "accounting_entries" (
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"invoice_id" integer,
	"payment_id" integer,
	"validated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "accounting_entries_company_id_number_pk" PRIMARY KEY("company_id","number"),
	CONSTRAINT "accounting_entries_one_source" CHECK (("invoice_id" IS NULL) <> ("payment_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "accounting_entries" ADD CONSTRAINT "accounting_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entries_invoice_idx" ON "accounting_entries" ("company_id", "invoice_id") WHERE "invoice_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_entries_payment_idx" ON "accounting_entries" ("company_id", "payment_id") WHERE "payment_id" IS NOT NULL;--> statement-breakpoint
-- Tenant table: the wall of migrations 0001 and 0008. Numbers are added, never changed or deleted.
GRANT SELECT, INSERT ON accounting_entries TO bo_app;
--> statement-breakpoint
ALTER TABLE accounting_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON accounting_entries USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
