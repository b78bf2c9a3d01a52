-- The invoicing tables of 0007 are tenant tables: the same wall as migration 0001 (grants to the
-- non-owner role bo_app, row-level security, the company_isolation policy on company_id).
GRANT SELECT, INSERT, UPDATE, DELETE ON quote_lines TO bo_app;
--> statement-breakpoint
ALTER TABLE quote_lines ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON quote_lines USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON document_settings TO bo_app;
--> statement-breakpoint
ALTER TABLE document_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON document_settings USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON numbering_counters TO bo_app;
--> statement-breakpoint
ALTER TABLE numbering_counters ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON numbering_counters USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON edit_locks TO bo_app;
--> statement-breakpoint
ALTER TABLE edit_locks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON edit_locks USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE quote_lines_id_seq TO bo_app;
