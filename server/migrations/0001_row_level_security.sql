-- Second wall of tenancy (the first is the API checking the token's company).
-- The app runs every tenant query as the non-owner role bo_app, inside a transaction that sets
-- app.company_id (set_config(..., true), so it dies with the transaction). The table owner (the
-- connecting role) bypasses these policies; it is used only for migrations, the seed and the
-- sign-in lookup by email, which happens before any company is known.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'bo_app') THEN
    CREATE ROLE bo_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database of the same cluster created it at the same moment
END $$;
--> statement-breakpoint
DO $$
BEGIN
  -- A superuser may SET ROLE to anything; any other connecting role needs the membership.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT bo_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO bo_app;
--> statement-breakpoint
GRANT SELECT ON companies TO bo_app;
--> statement-breakpoint
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON companies USING (id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON users TO bo_app;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON users USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON notifications TO bo_app;
--> statement-breakpoint
ALTER TABLE notifications ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON notifications USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON customers TO bo_app;
--> statement-breakpoint
ALTER TABLE customers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON customers USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON vat_rates TO bo_app;
--> statement-breakpoint
ALTER TABLE vat_rates ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON vat_rates USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON banks TO bo_app;
--> statement-breakpoint
ALTER TABLE banks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON banks USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON business_jobs TO bo_app;
--> statement-breakpoint
ALTER TABLE business_jobs ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON business_jobs USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON quotes TO bo_app;
--> statement-breakpoint
ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON quotes USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoices TO bo_app;
--> statement-breakpoint
ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON invoices USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_lines TO bo_app;
--> statement-breakpoint
ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON invoice_lines USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON payments TO bo_app;
--> statement-breakpoint
ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON payments USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON measure_groups TO bo_app;
--> statement-breakpoint
ALTER TABLE measure_groups ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON measure_groups USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO bo_app;
