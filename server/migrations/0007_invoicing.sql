CREATE TABLE "document_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"quantity_precision" integer DEFAULT 2 NOT NULL,
	"unit_price_precision" integer DEFAULT 2 NOT NULL,
	"documents_per_page" integer DEFAULT 20 NOT NULL,
	"invoice_number_format" text DEFAULT 'FA-{AAAA}-{NNNNN}' NOT NULL,
	"credit_note_number_format" text DEFAULT 'AV-{AAAA}-{NNNNN}' NOT NULL,
	"credit_note_own_sequence" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edit_locks" (
	"company_id" integer NOT NULL,
	"resource" text NOT NULL,
	"resource_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	CONSTRAINT "edit_locks_company_id_resource_resource_id_pk" PRIMARY KEY("company_id","resource","resource_id")
);
--> statement-breakpoint
CREATE TABLE "numbering_counters" (
	"company_id" integer NOT NULL,
	"sequence" text NOT NULL,
	"period" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	"last_date" date,
	CONSTRAINT "numbering_counters_company_id_sequence_period_pk" PRIMARY KEY("company_id","sequence","period")
);
--> statement-breakpoint
CREATE TABLE "quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"chapter" text DEFAULT '' NOT NULL,
	"label" text NOT NULL,
	"quantity_milli" integer NOT NULL,
	"unit" text DEFAULT 'u' NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat_rate_id" integer NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"total_excl_tax_cents" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "invoices_company_idx";--> statement-breakpoint
ALTER TABLE "business_jobs" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "chapter" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "quote_line_id" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "vat_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "progress_basis_points" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "kind" text DEFAULT 'simple' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "comment" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_deadline" jsonb DEFAULT '{"rule":"days","value":30}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_modes" text[] DEFAULT '{transfer,check}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "deposit_basis_points" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "retainage_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "amounts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "progress" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_invoice_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credit_note_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "is_retainage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_settings" ADD CONSTRAINT "document_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edit_locks" ADD CONSTRAINT "edit_locks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "numbering_counters" ADD CONSTRAINT "numbering_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_vat_rate_id_vat_rates_id_fk" FOREIGN KEY ("vat_rate_id") REFERENCES "public"."vat_rates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_quote_idx" ON "quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_quote_line_id_quote_lines_id_fk" FOREIGN KEY ("quote_line_id") REFERENCES "public"."quote_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_jobs_company_idx" ON "business_jobs" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "business_jobs_customer_idx" ON "business_jobs" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "invoice_lines_quote_line_idx" ON "invoice_lines" USING btree ("quote_line_id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("company_id","status","date","id");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("company_id","customer_id","date","id");--> statement-breakpoint
CREATE INDEX "invoices_job_idx" ON "invoices" USING btree ("company_id","business_job_id","date");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("company_id","due_date") WHERE status = 'VALIDATED';--> statement-breakpoint
CREATE INDEX "invoices_number_idx" ON "invoices" USING btree ("company_id","number");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("company_id","total_incl_tax_cents","id");--> statement-breakpoint
CREATE INDEX "quotes_job_idx" ON "quotes" USING btree ("company_id","business_job_id");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","date","id");--> statement-breakpoint
-- Rows written before the kinds and the rate snapshots existed.
UPDATE "invoices" SET "kind" = CASE "type" WHEN 'factureAcompte' THEN 'deposit' WHEN 'factureAvoir' THEN 'credit_note' ELSE CASE WHEN "quote_id" IS NULL THEN 'simple' ELSE 'final' END END;--> statement-breakpoint
UPDATE "invoice_lines" l SET "vat_basis_points" = v."rate_basis_points" FROM "vat_rates" v WHERE v."id" = l."vat_rate_id";--> statement-breakpoint
INSERT INTO "document_settings" ("company_id") SELECT "id" FROM "companies" ON CONFLICT DO NOTHING;
