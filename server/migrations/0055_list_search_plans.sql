-- Searches as fast as lists (issue 27): the searches of Mes factures, the quotes, the jobs and the
-- payments received planned once per connection, the outstanding list's in part (at the end).
--
-- bo_invoice_search, bo_payment_search (0018), bo_invoice_list_search, bo_quote_search and
-- bo_job_search (0049) were SQL functions: PostgreSQL plans a SQL function's statement again at
-- every call (its plan lives for one outer statement), a UNION of three or four trigram searches
-- each time. With ten requests in flight on two cores that planning was most of what these
-- searches cost PostgreSQL: « lefevre 98 » in Mes factures 0.9 ms of backend CPU a call, 0.1 ms
-- planned once (bench/results.md, 2026-11-28 23:15). As PL/pgSQL functions their statements are
-- prepared once per connection; plan_cache_mode = force_generic_plan keeps the one plan, whose
-- every branch reads its trigram index whatever the pattern (a pattern without a trigram, such as
-- « 98 », reads the whole company either way: ilike must test every row).
-- The statements are those of 0018 and 0049, word for word: the same rows for the same pattern.
CREATE OR REPLACE FUNCTION bo_invoice_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  RETURN QUERY
  SELECT i.id FROM invoices i
  WHERE i.company_id = company AND i.number ILIKE pattern
  UNION
  SELECT i.id FROM customers c JOIN invoices i ON i.customer_id = c.id AND i.company_id = c.company_id
  WHERE c.company_id = company
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern
  UNION
  SELECT i.id FROM business_jobs j JOIN invoices i ON i.business_job_id = j.id AND i.company_id = j.company_id
  WHERE j.company_id = company AND j.name ILIKE pattern;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bo_payment_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  RETURN QUERY
  SELECT p.id FROM bo_invoice_search(pattern) AS s(id) JOIN payments p ON p.invoice_id = s.id
  WHERE p.company_id = company
  UNION
  SELECT p.id FROM payments p
  WHERE p.company_id = company
    AND (p.comment ILIKE pattern OR p.cheque_number ILIKE pattern OR p.drawer ILIKE pattern);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bo_invoice_list_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  -- bo_invoice_search's three branches written out, so that the four are planned as one.
  RETURN QUERY
  SELECT i.id FROM invoices i
  WHERE i.company_id = company AND i.number ILIKE pattern
  UNION
  SELECT i.id FROM customers c JOIN invoices i ON i.customer_id = c.id AND i.company_id = c.company_id
  WHERE c.company_id = company
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern
  UNION
  SELECT i.id FROM business_jobs j JOIN invoices i ON i.business_job_id = j.id AND i.company_id = j.company_id
  WHERE j.company_id = company AND j.name ILIKE pattern
  UNION
  SELECT i.id FROM invoices i
  WHERE i.company_id = company AND i.title ILIKE pattern;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bo_quote_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  RETURN QUERY
  SELECT q.id FROM quotes q
  WHERE q.company_id = company AND (q.number ILIKE pattern OR q.title ILIKE pattern)
  UNION
  SELECT q.id FROM customers c JOIN quotes q ON q.customer_id = c.id AND q.company_id = c.company_id
  WHERE c.company_id = company
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bo_job_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  RETURN QUERY
  SELECT j.id FROM business_jobs j
  WHERE j.company_id = company AND (j.name ILIKE pattern OR j.site_address ILIKE pattern)
  UNION
  SELECT j.id FROM customers c JOIN business_jobs j ON j.customer_id = c.id AND j.company_id = c.company_id
  WHERE c.company_id = company
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern;
END $$;
--> statement-breakpoint
-- The outstanding list's search (0022) was planned at each call for what was typed
-- (force_custom_plan): the generic plan of its number branch intersects the trigram index of every
-- invoice with the open ones (FA-B-424: 3.0 ms) where the plan made for the pattern reads the
-- partial index of the open numbers alone (1.0 ms). That branch is now planned for each pattern
-- alone (EXECUTE), and the customers' and jobs' branches, whose plan does not depend on it, once
-- per connection: « lefevre 98 » 0.9 → 0.5 ms of backend CPU a call, « bâti 1339 » 1.4 → 0.6,
-- « FA-B-4242 » 1.8 → 1.2. The same statements, the same rows (one RETURN QUERY after the other is
-- the UNION ALL of before).
CREATE OR REPLACE FUNCTION bo_outstanding_search(pattern text)
  RETURNS TABLE (id integer, company_id integer, number text, date date, due_date date, customer_id integer,
    business_job_id integer, total_incl_tax_cents integer, retainage_cents integer, paid_cents integer,
    retainage_paid_cents integer)
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  -- By number: most of what is found, streamed as it comes. By customer or job: only the invoices
  -- the number did not find (no set of every row to deduplicate), deduplicated between the two.
  RETURN QUERY EXECUTE
  'SELECT i.id, i.company_id, i.number, i.date, i.due_date, i.customer_id, i.business_job_id,
    i.total_incl_tax_cents, i.retainage_cents, i.paid_cents, i.retainage_paid_cents
  FROM invoices i
  WHERE i.company_id = $1 AND i.number ILIKE $2
    AND i.status = ''VALIDATED'' AND i.kind <> ''credit_note'' AND i.credit_note_id IS NULL
    AND (i.total_incl_tax_cents - i.retainage_cents - i.paid_cents > 0 OR i.retainage_cents > 0)'
  USING company, pattern;
  RETURN QUERY
  SELECT i.id, i.company_id, i.number, i.date, i.due_date, i.customer_id, i.business_job_id,
    i.total_incl_tax_cents, i.retainage_cents, i.paid_cents, i.retainage_paid_cents
  FROM customers c JOIN invoices i ON i.customer_id = c.id AND i.company_id = c.company_id
  WHERE c.company_id = company
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern
    AND i.status = 'VALIDATED' AND i.kind <> 'credit_note' AND i.credit_note_id IS NULL
    AND (i.total_incl_tax_cents - i.retainage_cents - i.paid_cents > 0 OR i.retainage_cents > 0)
    AND NOT coalesce(i.number ILIKE pattern, false)
  UNION
  SELECT i.id, i.company_id, i.number, i.date, i.due_date, i.customer_id, i.business_job_id,
    i.total_incl_tax_cents, i.retainage_cents, i.paid_cents, i.retainage_paid_cents
  FROM business_jobs j JOIN invoices i ON i.business_job_id = j.id AND i.company_id = j.company_id
  WHERE j.company_id = company AND j.name ILIKE pattern
    AND i.status = 'VALIDATED' AND i.kind <> 'credit_note' AND i.credit_note_id IS NULL
    AND (i.total_incl_tax_cents - i.retainage_cents - i.paid_cents > 0 OR i.retainage_cents > 0)
    AND NOT coalesce(i.number ILIKE pattern, false);
END
$$;
