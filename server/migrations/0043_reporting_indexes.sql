-- The reporting at 100 000 invoices (issue 24: the summary at p95 ≤ 100 ms on PostgreSQL). Its
-- figures are the totals of « Mes factures » and « Règlements en attente » over the invoices DATED
-- in a period; no index was keyed by that date with the amounts, so every figure read the whole
-- invoices table (62 MB at 100 000 invoices: a parallel sequential scan per figure, 4 per period).
-- Each index below is keyed (company, date), so a period is one range, and carries the columns its
-- statements add up (INCLUDE), so they read the index alone (index-only scans: a few hundred pages
-- instead of 7 900). EXPLAIN (ANALYZE, BUFFERS) before and after: bench/results.md, « Reporting ».
--
-- Validated invoices of a period: « Mes factures »' totals filtered on VALIDATED (invoiced), the
-- reporting's invoiced per month and its top customers.
CREATE INDEX "invoices_validated_period_idx" ON "invoices" USING btree ("company_id","date") INCLUDE ("kind","credit_note_id","customer_id","total_excl_tax_cents","total_vat_cents","total_incl_tax_cents","retainage_cents","paid_cents") WHERE status = 'VALIDATED';--> statement-breakpoint
-- The credit notes among them (the summary's « dont avoirs », « Mes factures » filtered on credit
-- notes): a few per hundred invoices, read without the others.
CREATE INDEX "invoices_credit_note_period_idx" ON "invoices" USING btree ("company_id","date") INCLUDE ("kind","credit_note_id","total_excl_tax_cents","total_vat_cents","total_incl_tax_cents","retainage_cents","paid_cents") WHERE status = 'VALIDATED' and kind = 'credit_note';--> statement-breakpoint
-- Invoices still owed, by their date (invoices_outstanding_idx has the same predicate, keyed by due
-- date for the list's order): « Règlements en attente »' totals of a period, overdue or not, and the
-- aged receivables. The predicate is balances.ts' `standing` and `owed` as written there, so that
-- the planner proves the statements' conditions imply it.
CREATE INDEX "invoices_outstanding_period_idx" ON "invoices" USING btree ("company_id","date") INCLUDE ("due_date","total_incl_tax_cents","retainage_cents","paid_cents") WHERE status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and total_incl_tax_cents - retainage_cents - paid_cents > 0;--> statement-breakpoint
-- Retainages of a period (the outstanding list's retainage lines, the reporting's retainages due
-- and held): a few invoices, joined to their job for its reception date.
CREATE INDEX "invoices_retainage_period_idx" ON "invoices" USING btree ("company_id","date") INCLUDE ("business_job_id","retainage_cents","retainage_paid_cents") WHERE status = 'VALIDATED' and kind <> 'credit_note' and credit_note_id is null and retainage_cents > 0;
