-- The payment lists at 100 000 payments (issue 11: list pages at p95 ≤ 20 ms on PostgreSQL).
-- The outstanding list's index carries the three amounts of a line's balance, so the totals of
-- what is still owed (count and sum of ~30 000 invoices) read the index alone instead of one heap
-- page per few invoices.
DROP INDEX IF EXISTS "invoices_outstanding_idx";--> statement-breakpoint
CREATE INDEX "invoices_outstanding_idx" ON "invoices" USING btree ("company_id","due_date","id","total_incl_tax_cents","retainage_cents","paid_cents") WHERE status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and total_incl_tax_cents - retainage_cents - paid_cents > 0;--> statement-breakpoint
-- What each invoice has received, beside paid_cents and kept with it by recordPayment and
-- deletePayment: how many payments (its retainage's included) and the sum of its retainage's.
ALTER TABLE "invoices" ADD COLUMN "payment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "retainage_paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE invoices i SET payment_count = p.n, retainage_paid_cents = p.retainage
  FROM (SELECT invoice_id, count(*)::integer AS n,
          coalesce(sum(amount_cents) FILTER (WHERE is_retainage), 0)::integer AS retainage
        FROM payments GROUP BY invoice_id) p
  WHERE p.invoice_id = i.id;
--> statement-breakpoint
-- Invoices not fully paid, whatever their status (the received list's « en retard » filter: due
-- date passed and a balance left). The overdue pages probe it by id for each payment instead of
-- the invoice rows; the overdue totals add up what those invoices received from it alone, instead
-- of reading every invoice and joining every payment.
CREATE INDEX "invoices_unpaid_idx" ON "invoices" USING btree ("company_id","id","due_date","payment_count","paid_cents","retainage_paid_cents") WHERE total_incl_tax_cents - retainage_cents - paid_cents > 0;--> statement-breakpoint
-- Hand-written (drizzle cannot declare a trigram index): the numbers of the invoices that may
-- make an outstanding line (a balance owed or a retainage held), the outstanding search's index.
-- A few thousand entries where invoices_number_trgm_idx holds every invoice ever written.
CREATE INDEX invoices_open_number_trgm_idx ON invoices USING gin (number gin_trgm_ops)
  WHERE status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null
    and (total_incl_tax_cents - retainage_cents - paid_cents > 0 or retainage_cents > 0);
--> statement-breakpoint
-- The tenant's invoices that may make an outstanding line (as the index above) and whose number,
-- customer's name or job's name matches `pattern` (an ilike pattern, what was typed escaped), with
-- the columns the outstanding list reads: the list takes its lines from these rows instead of
-- looking each invoice up again. SECURITY DEFINER for the trigram indexes (under row-level
-- security ilike is not leakproof and would run on every row of the company, see
-- bo_invoice_search in 0018); the company is fenced from the same setting as the policy (no
-- setting: no row). Planned at each call for what was typed (plan_cache_mode): the generic plan
-- of an unknown pattern reads the trigram index of every invoice and intersects it with the open
-- ones, slower than the partial index above.
CREATE FUNCTION bo_outstanding_search(pattern text)
  RETURNS TABLE (id integer, company_id integer, number text, date date, due_date date, customer_id integer,
    business_job_id integer, total_incl_tax_cents integer, retainage_cents integer, paid_cents integer,
    retainage_paid_cents integer)
  ROWS 100 LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_custom_plan AS $$
#variable_conflict use_column
DECLARE
  company integer := nullif(current_setting('app.company_id', true), '')::integer;
BEGIN
  -- By number: most of what is found, streamed as it comes. By customer or job: only the invoices
  -- the number did not find (no set of every row to deduplicate), deduplicated between the two.
  RETURN QUERY
  SELECT i.id, i.company_id, i.number, i.date, i.due_date, i.customer_id, i.business_job_id,
    i.total_incl_tax_cents, i.retainage_cents, i.paid_cents, i.retainage_paid_cents
  FROM invoices i
  WHERE i.company_id = company AND i.number ILIKE pattern
    AND i.status = 'VALIDATED' AND i.kind <> 'credit_note' AND i.credit_note_id IS NULL
    AND (i.total_incl_tax_cents - i.retainage_cents - i.paid_cents > 0 OR i.retainage_cents > 0)
  UNION ALL
  (SELECT i.id, i.company_id, i.number, i.date, i.due_date, i.customer_id, i.business_job_id,
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
    AND NOT coalesce(i.number ILIKE pattern, false));
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_outstanding_search(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_outstanding_search(text) TO bo_app;
