-- « Mes factures »' count and sums with no filter or one status (issue 27: p95 ≤ 50 ms with ten
-- requests in flight on the embedded database at 20 000 invoices). `totals=only` added up every
-- invoice of the company (a scan of 20 000 rows, ≈ 8 ms of the server's one thread on PGlite); the
-- same count and sums per company and status, kept here by the database in the transaction that
-- writes the invoice, make it a read of a few rows (invoicing/views.ts `keptTotals`; any other
-- filter still scans). The balance is domain `storedBalance` as invoicing/balances.ts `balance`
-- writes it: it depends on the invoice's row alone (payments reach it through paid_cents, kept on
-- the row), so every write of an invoice moves its sums exactly. test/invoice-list-totals.test.ts
-- proves on both engines that the answer equals the scan's after the invoicing's operations.
--
-- No row per company and status updated in place: a payment batch (invoicing/payments.ts) locks
-- its invoices one by one, so a row that every payment of the company updates would be held by the
-- batch while it waits for an invoice that a single payment holds, and that payment waits for the
-- row: a deadlock. Each write statement instead adds its moves as rows (an insert waits for nobody)
-- and folds the company's rows that no other transaction holds into one per status (SKIP LOCKED:
-- waits for nobody either). A company has a few rows, more only while writers overlap; the read
-- adds them up.
CREATE TABLE invoice_list_totals (
  company_id integer NOT NULL REFERENCES companies (id),
  status text NOT NULL,
  hits bigint NOT NULL,
  total_excl_tax_cents bigint NOT NULL,
  total_vat_cents bigint NOT NULL,
  total_incl_tax_cents bigint NOT NULL,
  balance_cents bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX invoice_list_totals_company_idx ON invoice_list_totals (company_id, status);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invoice_list_totals TO bo_app;
--> statement-breakpoint
ALTER TABLE invoice_list_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON invoice_list_totals
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- Statement-level, as invoice_day_totals (0048): a bulk write (the seed, the bench's) is one move.
-- A statement that changes no sum (a sending's date) gives no move and writes nothing here.
CREATE FUNCTION invoice_list_totals_move() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moves text;
BEGIN
  -- Each row counted into its status (+1, from `added`) and out of its old one (-1, from
  -- `removed`): an insert has the first only, a delete the second only, an update both.
  moves := concat_ws(' UNION ALL ',
    CASE WHEN TG_OP <> 'DELETE' THEN 'SELECT 1 AS s, company_id, status, kind, credit_note_id,
      total_excl_tax_cents, total_vat_cents, total_incl_tax_cents, retainage_cents, paid_cents FROM added' END,
    CASE WHEN TG_OP <> 'INSERT' THEN 'SELECT -1 AS s, company_id, status, kind, credit_note_id,
      total_excl_tax_cents, total_vat_cents, total_incl_tax_cents, retainage_cents, paid_cents FROM removed' END);
  EXECUTE format($sql$
    WITH moved AS (
      SELECT company_id, status, sum(s) AS hits,
        sum(s * total_excl_tax_cents::bigint) AS total_excl_tax_cents,
        sum(s * total_vat_cents::bigint) AS total_vat_cents,
        sum(s * total_incl_tax_cents::bigint) AS total_incl_tax_cents,
        -- invoicing/balances.ts `balance`: change them together.
        sum(s * (CASE WHEN kind = 'credit_note' THEN 0
          WHEN credit_note_id IS NOT NULL THEN -paid_cents
          ELSE total_incl_tax_cents - retainage_cents - paid_cents END)::bigint) AS balance_cents
      FROM (%s) AS r
      GROUP BY company_id, status
    ),
    changed AS (
      SELECT * FROM moved
      WHERE (hits, total_excl_tax_cents, total_vat_cents, total_incl_tax_cents, balance_cents) <> (0, 0, 0, 0, 0)
    ),
    folded AS (
      DELETE FROM invoice_list_totals t
      WHERE t.ctid = ANY (ARRAY(
        SELECT k.ctid FROM invoice_list_totals k
        WHERE k.company_id IN (SELECT company_id FROM changed)
        FOR UPDATE SKIP LOCKED))
      RETURNING t.company_id, t.status, t.hits, t.total_excl_tax_cents, t.total_vat_cents,
        t.total_incl_tax_cents, t.balance_cents
    )
    INSERT INTO invoice_list_totals (company_id, status, hits, total_excl_tax_cents, total_vat_cents,
        total_incl_tax_cents, balance_cents)
      SELECT company_id, status, sum(hits), sum(total_excl_tax_cents), sum(total_vat_cents),
        sum(total_incl_tax_cents), sum(balance_cents)
      FROM (SELECT * FROM changed UNION ALL SELECT * FROM folded) AS f
      GROUP BY company_id, status
      HAVING (sum(hits), sum(total_excl_tax_cents), sum(total_vat_cents), sum(total_incl_tax_cents),
        sum(balance_cents)) <> (0, 0, 0, 0, 0)
  $sql$, moves);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoice_list_totals_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invoice_list_totals_move();
--> statement-breakpoint
CREATE TRIGGER invoice_list_totals_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION invoice_list_totals_move();
--> statement-breakpoint
CREATE TRIGGER invoice_list_totals_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION invoice_list_totals_move();
--> statement-breakpoint
-- The invoices already written.
INSERT INTO invoice_list_totals (company_id, status, hits, total_excl_tax_cents, total_vat_cents,
    total_incl_tax_cents, balance_cents)
  SELECT company_id, status, count(*), sum(total_excl_tax_cents), sum(total_vat_cents), sum(total_incl_tax_cents),
    sum(CASE WHEN kind = 'credit_note' THEN 0
      WHEN credit_note_id IS NOT NULL THEN -paid_cents
      ELSE total_incl_tax_cents - retainage_cents - paid_cents END)
  FROM invoices GROUP BY company_id, status;
