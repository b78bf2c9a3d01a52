CREATE INDEX "invoices_outstanding_balance_idx" ON "invoices" USING btree ("company_id",(total_incl_tax_cents - retainage_cents - paid_cents),"id") WHERE status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and total_incl_tax_cents - retainage_cents - paid_cents > 0;--> statement-breakpoint
CREATE INDEX "payments_amount_idx" ON "payments" USING btree ("company_id","amount_cents","id");--> statement-breakpoint
CREATE INDEX "payments_mode_idx" ON "payments" USING btree ("company_id","mode","paid_on","id","amount_cents");--> statement-breakpoint
-- Replaces the hand-written payments_bank_idx (company_id, bank_id, paid_on) of 0013, its prefix:
-- the bank journal reads it as before, the received list also pages and totals one bank from it.
DROP INDEX IF EXISTS payments_bank_idx;--> statement-breakpoint
CREATE INDEX "payments_bank_idx" ON "payments" USING btree ("company_id","bank_id","paid_on","id","amount_cents");--> statement-breakpoint
CREATE INDEX "payments_retainage_idx" ON "payments" USING btree ("company_id","invoice_id","amount_cents") WHERE is_retainage;--> statement-breakpoint
-- Hand-written (drizzle cannot declare a trigram index): the payment lists' search. Trigram
-- indexes let `ilike '%…%'` find its rows without reading the whole company: the invoice number,
-- the customer's name as the lists show it, the job's name, and a payment's comment, cheque
-- number and drawer.
CREATE INDEX invoices_number_trgm_idx ON invoices USING gin (number gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX customers_display_name_trgm_idx ON customers
  USING gin ((coalesce(nullif(company_name, ''), trim(first_name || ' ' || last_name))) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX business_jobs_name_trgm_idx ON business_jobs USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX payments_search_trgm_idx ON payments
  USING gin (comment gin_trgm_ops, cheque_number gin_trgm_ops, drawer gin_trgm_ops);
--> statement-breakpoint
-- The tenant's invoices whose number, customer's name or job's name matches `pattern` (an ilike
-- pattern, wildcards of what was typed already escaped). Why functions: under row-level security
-- the planner may not use an index for ilike (texticlike is not leakproof, so it must run after
-- the policy, on every row of the company); SECURITY DEFINER runs them as the tables' owner, with
-- the indexes, and they fence the company themselves from the same setting as the policy (no
-- setting: no row), as bo_customer_search does (0006).
CREATE FUNCTION bo_invoice_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT i.id FROM invoices i
  WHERE i.company_id = nullif(current_setting('app.company_id', true), '')::integer AND i.number ILIKE pattern
  UNION
  SELECT i.id FROM customers c JOIN invoices i ON i.customer_id = c.id AND i.company_id = c.company_id
  WHERE c.company_id = nullif(current_setting('app.company_id', true), '')::integer
    AND coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) ILIKE pattern
  UNION
  SELECT i.id FROM business_jobs j JOIN invoices i ON i.business_job_id = j.id AND i.company_id = j.company_id
  WHERE j.company_id = nullif(current_setting('app.company_id', true), '')::integer AND j.name ILIKE pattern
$$;
--> statement-breakpoint
-- The tenant's payments whose invoice matches (above) or whose comment, cheque number or drawer does.
CREATE FUNCTION bo_payment_search(pattern text) RETURNS SETOF integer
  ROWS 100 LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT p.id FROM bo_invoice_search(pattern) AS s(id) JOIN payments p ON p.invoice_id = s.id
  WHERE p.company_id = nullif(current_setting('app.company_id', true), '')::integer
  UNION
  SELECT p.id FROM payments p
  WHERE p.company_id = nullif(current_setting('app.company_id', true), '')::integer
    AND (p.comment ILIKE pattern OR p.cheque_number ILIKE pattern OR p.drawer ILIKE pattern)
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_invoice_search(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_payment_search(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_invoice_search(text) TO bo_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_payment_search(text) TO bo_app;
