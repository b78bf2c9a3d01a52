-- Searches as fast as lists (issue 27): an invoice number typed in full (« FA-B-4242 ») in Mes
-- factures and the payments' lists.
--
-- The number's trigram index was read with the whole pattern, whose series prefix (« fa », « b »)
-- every number holds: three of its trigrams list every invoice, and walking them was most of the
-- search (« FA-B-4242 » among 100 000 invoices: 99 pages read for the number's 10 rows, 1.1 ms of
-- PostgreSQL CPU a call of bo_invoice_list_search). The number's branch now reads the index with
-- the pattern's digits alone and the separator before them (« -4242 »), which only the numbers
-- ending the same way hold (15 pages), then keeps those matching the whole pattern: the same rows,
-- 0.3 ms a call (bench/results.md, 2026-11-29).
--
-- The pattern the number's index is read with: a substring of `pattern` (an ilike pattern, what was
-- typed escaped) that every number matching it contains, or `pattern` itself. Its longest run of at
-- least three digits (one trigram at least; digits and the separators - / . and space are never
-- special in a like pattern, so that run is literal text in every match), with the separator before
-- it if any (the word's first trigrams then narrow it further). Only when the pattern has no word of
-- three letters or more: such a word is the customer's or job's name the pattern also looks for (as
-- in « dupont 2026 »), whose trigrams alone find no number at once, where a year's digits would list
-- every invoice of the year.
CREATE FUNCTION bo_number_pattern(pattern text) RETURNS text
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  digits text;
BEGIN
  IF pattern ~ '[[:alpha:]]{3}' THEN
    RETURN pattern;
  END IF;
  SELECT m[1] INTO digits FROM regexp_matches(pattern, '[-/. ]?[0-9]{3,}', 'g') AS m
  ORDER BY length(m[1]) DESC LIMIT 1;
  RETURN coalesce('%' || digits || '%', pattern);
END $$;
--> statement-breakpoint
-- The statements of 0055 with the number's branch read through bo_number_pattern: its rows kept in
-- a subquery (OFFSET 0), so that the whole pattern filters them rather than joining the index scan.
CREATE OR REPLACE FUNCTION bo_invoice_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
  narrowed constant text := bo_number_pattern(pattern);
BEGIN
  RETURN QUERY
  SELECT n.id FROM (
    SELECT i.id, i.number FROM invoices i WHERE i.company_id = company AND i.number ILIKE narrowed OFFSET 0
  ) AS n WHERE n.number ILIKE pattern
  UNION
  SELECT i.id FROM customers c JOIN invoices i ON i.customer_id = c.id AND i.company_id = c.company_id
  WHERE c.company_id = company
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern
  UNION
  SELECT i.id FROM business_jobs j JOIN invoices i ON i.business_job_id = j.id AND i.company_id = j.company_id
  WHERE j.company_id = company AND j.name ILIKE pattern;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bo_invoice_list_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
  narrowed constant text := bo_number_pattern(pattern);
BEGIN
  -- bo_invoice_search's three branches written out, so that the four are planned as one.
  RETURN QUERY
  SELECT n.id FROM (
    SELECT i.id, i.number FROM invoices i WHERE i.company_id = company AND i.number ILIKE narrowed OFFSET 0
  ) AS n WHERE n.number ILIKE pattern
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
-- The outstanding list's number branch (0055) the same way, still planned for what was typed.
CREATE OR REPLACE FUNCTION bo_outstanding_search(pattern text)
  RETURNS TABLE (id integer, company_id integer, number text, date date, due_date date, customer_id integer,
    business_job_id integer, total_incl_tax_cents integer, retainage_cents integer, paid_cents integer,
    retainage_paid_cents integer)
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
  narrowed constant text := bo_number_pattern(pattern);
  by_number constant text := 'SELECT i.id, i.company_id, i.number, i.date, i.due_date, i.customer_id,
      i.business_job_id, i.total_incl_tax_cents, i.retainage_cents, i.paid_cents, i.retainage_paid_cents
    FROM invoices i
    WHERE i.company_id = $1 AND i.number ILIKE $3
      AND i.status = ''VALIDATED'' AND i.kind <> ''credit_note'' AND i.credit_note_id IS NULL
      AND (i.total_incl_tax_cents - i.retainage_cents - i.paid_cents > 0 OR i.retainage_cents > 0)';
BEGIN
  -- By number: most of what is found, streamed as it comes. By customer or job: only the invoices
  -- the number did not find (no set of every row to deduplicate), deduplicated between the two.
  -- Read with the whole pattern (a subquery for nothing, planned at every call) unless narrowed.
  RETURN QUERY EXECUTE CASE WHEN narrowed = pattern THEN by_number
    ELSE 'SELECT * FROM (' || by_number || ' OFFSET 0) AS n WHERE n.number ILIKE $2' END
  USING company, pattern, narrowed;
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
