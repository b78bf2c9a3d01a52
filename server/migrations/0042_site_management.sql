-- « Gestion chantier » (issue 24, only for a company with the scope gestion-de-chantier): per job,
-- its planning and team, the hours worked (each with the hourly cost of that moment), the supplier
-- invoices (typed or read from a Factur-X, CII or UBL file, kept as received) and the progress of
-- each chapter of the accepted quote as entered on site. Money in cents, percentages in basis points.
--
-- A person's hourly cost (coût horaire chargé) lives on the user, set by an admin; null: the
-- company's « main-d'œuvre chargée » of Coûts et prix is used (docs/decisions.md).
ALTER TABLE "users" ADD COLUMN "hourly_cost_cents" integer CHECK ("hourly_cost_cents" >= 0 AND "hourly_cost_cents" <= 100000000);
--> statement-breakpoint
-- One planning per job (start and end dates) with its version (a stale save is a 409).
CREATE TABLE "job_plannings" (
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"business_job_id" integer NOT NULL REFERENCES "business_jobs"("id"),
	"start_date" date,
	"end_date" date,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	CONSTRAINT "job_plannings_pk" PRIMARY KEY ("company_id", "business_job_id"),
	CONSTRAINT "job_plannings_dates_check" CHECK ("start_date" IS NULL OR "end_date" IS NULL OR "start_date" <= "end_date")
);
--> statement-breakpoint
-- The job's team: users of the company.
CREATE TABLE "job_team_members" (
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"business_job_id" integer NOT NULL REFERENCES "business_jobs"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	CONSTRAINT "job_team_members_pk" PRIMARY KEY ("company_id", "business_job_id", "user_id")
);
--> statement-breakpoint
-- Hours of one person on one job on one day: one row (a second entry of the same day replaces it),
-- the hourly cost copied when entered (a later change of the person's cost does not move the past).
CREATE TABLE "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"business_job_id" integer NOT NULL REFERENCES "business_jobs"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"day" date NOT NULL,
	"minutes" integer NOT NULL CHECK ("minutes" > 0 AND "minutes" <= 1440),
	"hourly_cost_cents" integer NOT NULL CHECK ("hourly_cost_cents" >= 0),
	"recorded_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_day_unique" ON "time_entries" USING btree ("company_id", "business_job_id", "user_id", "day");
--> statement-breakpoint
CREATE INDEX "time_entries_job_idx" ON "time_entries" USING btree ("company_id", "business_job_id", "day");
--> statement-breakpoint
-- A supplier invoice tied to a job. `source`: typed by hand, or read from a Factur-X PDF, a CII or
-- a UBL file (the file kept as received, with its name and type).
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"business_job_id" integer NOT NULL REFERENCES "business_jobs"("id"),
	"supplier_name" text NOT NULL,
	"supplier_id" text DEFAULT '' NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_date" date NOT NULL,
	"excl_tax_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"incl_tax_cents" bigint NOT NULL,
	"source" text NOT NULL CHECK ("source" IN ('typed', 'facturx', 'cii', 'ubl')),
	"file_name" text,
	"file_type" text,
	"file" bytea,
	"recorded_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_amounts_check" CHECK ("excl_tax_cents" + "vat_cents" = "incl_tax_cents")
);
--> statement-breakpoint
CREATE INDEX "purchases_job_idx" ON "purchases" USING btree ("company_id", "business_job_id", "invoice_date", "id");
--> statement-breakpoint
-- Progress of a chapter of the accepted quote as entered on site: append-only history (who, when);
-- the latest per chapter is the job's progress and the next progress statement's proposal.
CREATE TABLE "chapter_progress" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"business_job_id" integer NOT NULL REFERENCES "business_jobs"("id"),
	"quote_id" integer NOT NULL REFERENCES "quotes"("id"),
	"chapter" text NOT NULL,
	"percent_basis_points" integer NOT NULL CHECK ("percent_basis_points" >= 0 AND "percent_basis_points" <= 10000),
	"day" date NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chapter_progress_quote_idx" ON "chapter_progress" USING btree ("company_id", "quote_id", "chapter", "id");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON job_plannings TO bo_app;
--> statement-breakpoint
ALTER TABLE job_plannings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON job_plannings USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON job_team_members TO bo_app;
--> statement-breakpoint
ALTER TABLE job_team_members ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON job_team_members USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON time_entries TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE time_entries_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE time_entries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON time_entries USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON purchases TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE purchases_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE purchases ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON purchases USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- Append-only: bo_app adds and reads progress, never changes or removes it.
GRANT SELECT, INSERT ON chapter_progress TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE chapter_progress_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE chapter_progress ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON chapter_progress USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
