CREATE TABLE "document_logos" (
	"company_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_logos_company_id_sha256_pk" PRIMARY KEY("company_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "invoice_document_snapshots" (
	"company_id" integer NOT NULL,
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_logos" ADD CONSTRAINT "document_logos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_document_snapshots" ADD CONSTRAINT "invoice_document_snapshots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_document_snapshots" ADD CONSTRAINT "invoice_document_snapshots_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenant tables: the same wall as migrations 0001 and 0008 (grants to bo_app, row-level security,
-- the company_isolation policy). A snapshot is written at validation (replaced at a re-validation),
-- a logo once per company and image; neither is ever deleted by the app.
GRANT SELECT, INSERT, UPDATE ON invoice_document_snapshots TO bo_app;
--> statement-breakpoint
ALTER TABLE invoice_document_snapshots ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON invoice_document_snapshots USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT ON document_logos TO bo_app;
--> statement-breakpoint
ALTER TABLE document_logos ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON document_logos USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
