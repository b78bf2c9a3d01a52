CREATE TABLE "invoice_sendings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by_user_id" integer,
	"recipient" text NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachment_name" text NOT NULL,
	"message_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sending_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"subject_template" text NOT NULL,
	"body_template" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_sendings" ADD CONSTRAINT "invoice_sendings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sendings" ADD CONSTRAINT "invoice_sendings_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_sendings" ADD CONSTRAINT "invoice_sendings_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sending_settings" ADD CONSTRAINT "sending_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_sendings_invoice_idx" ON "invoice_sendings" USING btree ("company_id","invoice_id","sent_at");--> statement-breakpoint
-- Tenant tables: the same wall as migrations 0001 and 0008 (grants to bo_app, row-level security,
-- the company_isolation policy on company_id).
GRANT SELECT, INSERT, UPDATE ON sending_settings TO bo_app;
--> statement-breakpoint
ALTER TABLE sending_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON sending_settings USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT ON invoice_sendings TO bo_app;
--> statement-breakpoint
ALTER TABLE invoice_sendings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON invoice_sendings USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE invoice_sendings_id_seq TO bo_app;
