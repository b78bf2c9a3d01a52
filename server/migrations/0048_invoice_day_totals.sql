-- The reporting's summary at 100 000 invoices (issue 24: p95 ≤ 100 ms on PostgreSQL for a month, a
-- quarter, a year or any from–to, with the previous period). Its invoiced figures are « Mes
-- factures »' totals of the validated invoices dated in the period (credit notes, negative, included;
-- and the credit notes apart): even read from invoices_validated_period_idx alone (0043), a year is
-- 42 600 index entries added up, twice (the period and the one before), ≈ 40 ms at load 7.
-- The same sums per company and day, kept here by the database in the transaction that writes the
-- invoice, make a period at most 366 rows a year: a validated invoice counts on its date; one that
-- leaves that state (reverted to a draft, deleted) or whose date, kind or amounts change moves its
-- day's sums back and forth. test/invoice-day-totals.test.ts proves on PostgreSQL that the rows
-- equal the sums over the invoices after random validations, credit notes, reverts and cancels;
-- test/reporting.test.ts that the summary still equals « Mes factures »' totals.
CREATE TABLE invoice_day_totals (
  company_id integer NOT NULL REFERENCES companies (id),
  day date NOT NULL,
  -- Every validated invoice of the day, credit notes included (their amounts are negative).
  invoice_count integer DEFAULT 0 NOT NULL,
  excl_tax_cents bigint DEFAULT 0 NOT NULL,
  vat_cents bigint DEFAULT 0 NOT NULL,
  incl_tax_cents bigint DEFAULT 0 NOT NULL,
  -- The credit notes among them (the summary's « dont avoirs »).
  credit_note_count integer DEFAULT 0 NOT NULL,
  credit_note_excl_tax_cents bigint DEFAULT 0 NOT NULL,
  credit_note_vat_cents bigint DEFAULT 0 NOT NULL,
  credit_note_incl_tax_cents bigint DEFAULT 0 NOT NULL,
  CONSTRAINT invoice_day_totals_pk PRIMARY KEY (company_id, day)
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON invoice_day_totals TO bo_app;
--> statement-breakpoint
ALTER TABLE invoice_day_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON invoice_day_totals
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- Statement-level (as library_item_counts, 0029): a bulk write of invoices (the seed, an import) is
-- one grouped upsert, not one per row. Transition tables cannot go with a column list (UPDATE OF),
-- so every update of invoices runs it; the rows it leaves as they were (a payment's paid_cents, a
-- sending's date) give groups whose moves add up to nothing, which HAVING drops: no row of this
-- table is written, nor locked, by them. The days are written in order (ORDER BY), so that two
-- transactions writing the same days lock them in the same order. Two transactions validating on
-- the same day of one company wait for each other on that day's row until the first commits (they
-- already do on the company's numbering counter).
CREATE FUNCTION invoice_day_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves text;
BEGIN
  -- Each validated row counted into its day (+1, from `added`) and out of its old one (-1, from
  -- `removed`): an insert has the first only, a delete the second only, an update both, so one
  -- statement serves the three (EXECUTE reads the transition tables the trigger declares).
  moves := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN 'SELECT 1 AS s, company_id, date, kind, total_excl_tax_cents::bigint AS excl,
      total_vat_cents::bigint AS vat, total_incl_tax_cents::bigint AS incl FROM added WHERE status = ''VALIDATED''' END,
    CASE WHEN TG_OP <> 'INSERT' THEN 'SELECT -1 AS s, company_id, date, kind, total_excl_tax_cents::bigint AS excl,
      total_vat_cents::bigint AS vat, total_incl_tax_cents::bigint AS incl FROM removed WHERE status = ''VALIDATED''' END);
  EXECUTE format($sql$
    INSERT INTO invoice_day_totals AS t (company_id, day, invoice_count, excl_tax_cents, vat_cents,
        incl_tax_cents, credit_note_count, credit_note_excl_tax_cents, credit_note_vat_cents, credit_note_incl_tax_cents)
      SELECT company_id, date, sum(s), sum(s * excl), sum(s * vat), sum(s * incl),
        coalesce(sum(s) FILTER (WHERE kind = 'credit_note'), 0),
        coalesce(sum(s * excl) FILTER (WHERE kind = 'credit_note'), 0),
        coalesce(sum(s * vat) FILTER (WHERE kind = 'credit_note'), 0),
        coalesce(sum(s * incl) FILTER (WHERE kind = 'credit_note'), 0)
      FROM (%s) AS m
      GROUP BY company_id, date
      HAVING sum(s) <> 0 OR sum(s * excl) <> 0 OR sum(s * vat) <> 0 OR sum(s * incl) <> 0
        OR coalesce(sum(s) FILTER (WHERE kind = 'credit_note'), 0) <> 0
        OR coalesce(sum(s * excl) FILTER (WHERE kind = 'credit_note'), 0) <> 0
        OR coalesce(sum(s * vat) FILTER (WHERE kind = 'credit_note'), 0) <> 0
        OR coalesce(sum(s * incl) FILTER (WHERE kind = 'credit_note'), 0) <> 0
      ORDER BY company_id, date
    ON CONFLICT (company_id, day) DO UPDATE SET
      invoice_count = t.invoice_count + excluded.invoice_count,
      excl_tax_cents = t.excl_tax_cents + excluded.excl_tax_cents,
      vat_cents = t.vat_cents + excluded.vat_cents,
      incl_tax_cents = t.incl_tax_cents + excluded.incl_tax_cents,
      credit_note_count = t.credit_note_count + excluded.credit_note_count,
      credit_note_excl_tax_cents = t.credit_note_excl_tax_cents + excluded.credit_note_excl_tax_cents,
      credit_note_vat_cents = t.credit_note_vat_cents + excluded.credit_note_vat_cents,
      credit_note_incl_tax_cents = t.credit_note_incl_tax_cents + excluded.credit_note_incl_tax_cents
  $sql$, moves);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_totals_move();
--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_totals_move();
--> statement-breakpoint
CREATE TRIGGER invoice_day_totals_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION invoice_day_totals_move();
--> statement-breakpoint
-- The invoices already validated.
INSERT INTO invoice_day_totals (company_id, day, invoice_count, excl_tax_cents, vat_cents, incl_tax_cents,
    credit_note_count, credit_note_excl_tax_cents, credit_note_vat_cents, credit_note_incl_tax_cents)
  SELECT company_id, date, count(*), sum(total_excl_tax_cents), sum(total_vat_cents), sum(total_incl_tax_cents),
    count(*) FILTER (WHERE kind = 'credit_note'),
    coalesce(sum(total_excl_tax_cents) FILTER (WHERE kind = 'credit_note'), 0),
    coalesce(sum(total_vat_cents) FILTER (WHERE kind = 'credit_note'), 0),
    coalesce(sum(total_incl_tax_cents) FILTER (WHERE kind = 'credit_note'), 0)
  FROM invoices WHERE status = 'VALIDATED' GROUP BY company_id, date;
