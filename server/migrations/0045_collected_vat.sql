-- The collected VAT of the reporting (issue 24: « TVA collectée », the collected VAT export added up)
-- at 100 000 invoices. The export splits every payment of the period over its invoice's rates, one
-- by one (domain/accountingEntries.ts `collectedVat`: shares by largest remainder, each share's VAT
-- rounded half away from zero): the sum of the splits is not the split of the sum, so a year read
-- 37 000 payments joined to their invoices (1.4 s). Each payment now keeps the VAT it collects on
-- receipts, computed by the database when the payment is written or its invoice's amounts change
-- (triggers below), so the figure is a sum over an index. The function is the domain's formula in
-- SQL; test/collected-vat-split.test.ts proves them equal on PostgreSQL (fast-check).
--
-- collected_vat_cents(amount, byRate, reverseCharge): Σ over the invoice's rate parts that are not
-- reverse charge (the invoice's flag, or the 0 % rate) of the part's VAT share of the payment.
CREATE FUNCTION collected_vat_cents(amount bigint, by_rate jsonb, reverse_charge boolean) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  n int;
  t numeric;
  weight_sum numeric := 0;
  left_over numeric;
  weights numeric[] := '{}';
  shares numeric[] := '{}';
  remainders numeric[] := '{}';
  k int;
  part jsonb;
  ht numeric;
  vat numeric;
  signed_weight numeric;
  num numeric;
  q numeric;
  total numeric := 0;
BEGIN
  IF amount IS NULL OR amount = 0 OR by_rate IS NULL OR jsonb_typeof(by_rate) <> 'array' THEN
    RETURN 0;
  END IF;
  n := jsonb_array_length(by_rate);
  IF n = 0 THEN RETURN 0; END IF;
  FOR k IN 1..n LOOP
    part := by_rate -> (k - 1);
    weights[k] := abs(coalesce((part ->> 'ht')::numeric, 0) + coalesce((part ->> 'vat')::numeric, 0));
    weight_sum := weight_sum + weights[k];
  END LOOP;
  -- Nothing to weigh: the whole amount at the first rate, without VAT.
  IF weight_sum = 0 THEN RETURN 0; END IF;
  -- money.ts `allocate`: shares of |amount| rounded down, the cents left to the largest remainders
  -- (ties to the first part); a negative amount splits as the mirror of the positive one.
  t := abs(amount);
  FOR k IN 1..n LOOP
    shares[k] := div(t * weights[k], weight_sum);
    remainders[k] := mod(t * weights[k], weight_sum);
  END LOOP;
  left_over := t;
  FOR k IN 1..n LOOP left_over := left_over - shares[k]; END LOOP;
  FOR k IN
    SELECT r.i FROM unnest(remainders) WITH ORDINALITY AS r(rem, i) ORDER BY r.rem DESC, r.i LIMIT left_over::bigint
  LOOP
    shares[k] := shares[k] + 1;
  END LOOP;
  FOR k IN 1..n LOOP
    part := by_rate -> (k - 1);
    CONTINUE WHEN reverse_charge OR coalesce((part ->> 'vatRate')::numeric, 0) = 0;
    ht := coalesce((part ->> 'ht')::numeric, 0);
    vat := coalesce((part ->> 'vat')::numeric, 0);
    signed_weight := ht + vat;
    CONTINUE WHEN signed_weight = 0;
    -- money.ts `mulDivRound(share, vat, weight)`: half away from zero.
    num := (CASE WHEN amount < 0 THEN -shares[k] ELSE shares[k] END) * vat;
    q := div(2 * abs(num) + abs(signed_weight), 2 * abs(signed_weight));
    total := total + CASE WHEN (num < 0) <> (signed_weight < 0) THEN -q ELSE q END;
  END LOOP;
  RETURN total;
END
$$;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION collected_vat_cents(bigint, jsonb, boolean) TO bo_app;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "collected_vat_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every write of a payment sets its VAT from its invoice, whatever the statement set it to.
CREATE FUNCTION payments_collected_vat() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT collected_vat_cents(NEW.amount_cents, i.amounts -> 'byRate', i.reverse_charge)
    INTO NEW.collected_vat_cents
    FROM invoices i WHERE i.id = NEW.invoice_id;
  NEW.collected_vat_cents := coalesce(NEW.collected_vat_cents, 0);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER payments_collected_vat BEFORE INSERT OR UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_collected_vat();--> statement-breakpoint
-- An invoice's rates or reverse charge changed: its payments are written again (the trigger above).
CREATE FUNCTION invoices_collected_vat() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payments SET collected_vat_cents = 0 WHERE invoice_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER invoices_collected_vat AFTER UPDATE OF amounts, reverse_charge ON invoices
  FOR EACH ROW WHEN (OLD.amounts IS DISTINCT FROM NEW.amounts OR OLD.reverse_charge IS DISTINCT FROM NEW.reverse_charge)
  EXECUTE FUNCTION invoices_collected_vat();--> statement-breakpoint
UPDATE payments SET collected_vat_cents = 0;--> statement-breakpoint
-- The reporting's sum over a period: the payments that move money, read from the index alone.
CREATE INDEX "payments_collected_vat_idx" ON "payments" USING btree ("company_id","paid_on") INCLUDE ("invoice_id","collected_vat_cents") WHERE amount_cents <> 0;--> statement-breakpoint
-- The invoices whose frozen document says their VAT is due on their issue (the debits option, or
-- goods): a few, found without reading every snapshot's document. Same expressions as the exports'
-- `issuedUnder` (exports/rows.ts), so that the planner proves the reporting's condition implies it.
CREATE INDEX "invoice_snapshots_vat_on_issue_idx" ON "invoice_document_snapshots" USING btree ("company_id","invoice_id") WHERE coalesce((data #>> '{document,settings,vatOnDebits}')::boolean, false) OR data #>> '{document,settings,operationNature}' = 'goods';
