CREATE TABLE "accounting_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"customer_account" text DEFAULT '411000' NOT NULL,
	"prorata_account" text DEFAULT '604000' NOT NULL,
	"retainage_account" text DEFAULT '411700' NOT NULL,
	"sales_account" text DEFAULT '706000' NOT NULL,
	"vat_account" text DEFAULT '445710' NOT NULL,
	"sales_journal_code" text DEFAULT 'VE' NOT NULL,
	"bank_journal_code" text DEFAULT 'BQ' NOT NULL,
	"fiscal_year_start" date,
	"fiscal_year_end" date,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounting_settings" ADD CONSTRAINT "accounting_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- accounting_settings is a tenant table: the wall of migration 0001 (grants to bo_app, row-level
-- security, the company_isolation policy on company_id).
GRANT SELECT, INSERT, UPDATE ON accounting_settings TO bo_app;
--> statement-breakpoint
ALTER TABLE accounting_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON accounting_settings USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- One default bank per company at most: the routes move the flag in one transaction, this keeps it so.
CREATE UNIQUE INDEX banks_one_default_idx ON banks (company_id) WHERE is_default;
--> statement-breakpoint
-- The bank journal reads one bank's payments over a period; deleting a bank asks whether any names it.
CREATE INDEX IF NOT EXISTS payments_bank_idx ON payments (company_id, bank_id, paid_on);
