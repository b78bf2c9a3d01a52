-- Searches as fast as lists (issue 27): the searches of Mes factures, the quotes and the jobs.
--
-- Each matched `ilike '%…%'` on the number, the title, the customer's or the job's name inside the
-- list's statement, under row-level security: texticlike is not leakproof, so the planner may not
-- use an index for it before the policy, and read every row of the company (100 000 invoices:
-- 1 request a second at most with 10 in flight, bench/results.md 2026-11-28). As bo_invoice_search
-- (0018) and bo_customer_search (0006, 0044) do, a function run as the tables' owner finds the
-- matching ids through trigram indexes and fences the company itself from the same setting as the
-- policy (no setting: no row); the list reads only those. What is matched does not change: the
-- same columns, the same `ilike` (the payments' lists keep bo_invoice_search, without the title).
-- The trigram indexes that were missing: the invoice's title, the quote's number and title, the
-- job's site address (the names', customers' and invoice numbers' exist since 0018).
CREATE INDEX invoices_title_trgm_idx ON invoices USING gin (title gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX quotes_number_title_trgm_idx ON quotes USING gin (number gin_trgm_ops, title gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX business_jobs_site_address_trgm_idx ON business_jobs USING gin (site_address gin_trgm_ops);
--> statement-breakpoint
-- Mes factures: the number, the title, the customer's name as the list shows it, the job's name.
CREATE FUNCTION bo_invoice_list_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT s.id FROM bo_invoice_search(pattern) AS s(id)
  UNION
  SELECT i.id FROM invoices i
  WHERE i.company_id = nullif(current_setting('app.company_id', true), '')::integer AND i.title ILIKE pattern
$$;
--> statement-breakpoint
-- The quotes (every revision: the list keeps the latest): the number, the title, the customer's name.
CREATE FUNCTION bo_quote_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT q.id FROM quotes q
  WHERE q.company_id = nullif(current_setting('app.company_id', true), '')::integer
    AND (q.number ILIKE pattern OR q.title ILIKE pattern)
  UNION
  SELECT q.id FROM customers c JOIN quotes q ON q.customer_id = c.id AND q.company_id = c.company_id
  WHERE c.company_id = nullif(current_setting('app.company_id', true), '')::integer
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern
$$;
--> statement-breakpoint
-- The jobs: the name, the site's address, the customer's name.
CREATE FUNCTION bo_job_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT j.id FROM business_jobs j
  WHERE j.company_id = nullif(current_setting('app.company_id', true), '')::integer
    AND (j.name ILIKE pattern OR j.site_address ILIKE pattern)
  UNION
  SELECT j.id FROM customers c JOIN business_jobs j ON j.customer_id = c.id AND j.company_id = c.company_id
  WHERE c.company_id = nullif(current_setting('app.company_id', true), '')::integer
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_invoice_list_search(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_quote_search(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_job_search(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_invoice_list_search(text) TO bo_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_quote_search(text) TO bo_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_job_search(text) TO bo_app;
