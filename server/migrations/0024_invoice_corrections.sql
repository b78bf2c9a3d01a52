-- Issue 18: corrections of issued invoices.
-- released_at: when the validated invoice first left the editor (mailed, or its PDF or XML downloaded
-- other than as the editor's preview); from then on it is corrected by a credit note, never reverted.
-- credited_cents / credited_retainage_cents: what partial credit notes took back of the invoice's due
-- and of its retainage (positive). They are also counted in paid_cents / retainage_paid_cents, the
-- settled amounts every balance reads (lists, outstanding payments, payment rules), so the balance
-- drops without a second formula; a cancellation takes them back out.
ALTER TABLE "invoices" ADD COLUMN "released_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_retainage_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- An invoice already mailed was already issued.
UPDATE invoices i SET released_at = s.first_sent
  FROM (SELECT invoice_id, min(sent_at) AS first_sent FROM invoice_sendings GROUP BY invoice_id) s
  WHERE s.invoice_id = i.id;
--> statement-breakpoint
-- Every validated version a revert left behind: its frozen document (the snapshot of 0020, which the
-- next validation replaces), who reverted it, when and why. Kept, never updated nor deleted by the app.
CREATE TABLE "invoice_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"version_number" integer NOT NULL,
	"number" text,
	"date" date NOT NULL,
	"total_incl_tax_cents" integer NOT NULL,
	"validated_at" timestamp with time zone,
	"document" jsonb,
	"reverted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reverted_by_user_id" integer,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_versions" ADD CONSTRAINT "invoice_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_versions" ADD CONSTRAINT "invoice_versions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invoice_versions" ADD CONSTRAINT "invoice_versions_reverted_by_user_id_users_id_fk" FOREIGN KEY ("reverted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_versions_invoice_version_unique" ON "invoice_versions" USING btree ("company_id","invoice_id","version_number");
--> statement-breakpoint
-- Tenant table: the same wall as migrations 0001 and 0008.
GRANT SELECT, INSERT ON invoice_versions TO bo_app;
--> statement-breakpoint
ALTER TABLE invoice_versions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON invoice_versions USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE invoice_versions_id_seq TO bo_app;
