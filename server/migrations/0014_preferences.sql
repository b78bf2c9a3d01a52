CREATE TABLE "company_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_settings" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"direct_labour_cost_cents" integer DEFAULT 0 NOT NULL,
	"employer_charges_basis_points" integer DEFAULT 0 NOT NULL,
	"material_purchase_cost_cents" integer DEFAULT 0 NOT NULL,
	"site_cost_cents" integer DEFAULT 0 NOT NULL,
	"indirect_charges_cents" integer DEFAULT 0 NOT NULL,
	"overhead_expenses_cents" integer DEFAULT 0 NOT NULL,
	"yearly_site_hours" integer DEFAULT 1607 NOT NULL,
	"contingency_basis_points" integer DEFAULT 0 NOT NULL,
	"benefit_basis_points" integer DEFAULT 0 NOT NULL,
	"labour_coefficient_milli" integer DEFAULT 1000 NOT NULL,
	"materials_coefficient_milli" integer DEFAULT 1000 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "customer_code_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "customer_code_digits" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_rates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_settings" ADD CONSTRAINT "cost_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_invitations" ADD CONSTRAINT "user_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_files_purpose_unique" ON "company_files" USING btree ("company_id","purpose");--> statement-breakpoint
CREATE INDEX "user_invitations_user_idx" ON "user_invitations" USING btree ("user_id");--> statement-breakpoint
-- Hand-written (drizzle cannot declare them): exactly one default VAT rate per company at most at
-- any time (the API moves the flag in one transaction), the company form's columns writable by
-- bo_app, and the new tenant tables behind the same wall as migration 0001.
CREATE UNIQUE INDEX "vat_rates_one_default" ON "vat_rates" ("company_id") WHERE "is_default";
--> statement-breakpoint
GRANT UPDATE (name, manager_first_name, manager_last_name, email, address, zip_code, city, country, phone, fax, logo, website, siret, rcs, legal_form, capital_cents, foundation_date, ape_code, vat_number, workforce, insurance_name, insurance_address, insurance_contract_number, customer_code_prefix, customer_code_digits, version) ON companies TO bo_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON company_files TO bo_app;
--> statement-breakpoint
ALTER TABLE company_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON company_files USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON cost_settings TO bo_app;
--> statement-breakpoint
ALTER TABLE cost_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON cost_settings USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON user_invitations TO bo_app;
--> statement-breakpoint
ALTER TABLE user_invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON user_invitations USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE company_files_id_seq TO bo_app;
