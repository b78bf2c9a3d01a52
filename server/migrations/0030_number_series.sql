-- Every number series of a company in numbering_counters, taken through one locked-counter module
-- (issue 20, item 5; server/src/db/counters.ts). The customer codes' counter moves there from
-- companies.customer_code_counter (the next value: the row holds the last one taken).
INSERT INTO numbering_counters (company_id, sequence, period, last_number)
SELECT id, 'customer', '', customer_code_counter - 1 FROM companies
ON CONFLICT (company_id, sequence, period) DO UPDATE SET last_number = excluded.last_number;
--> statement-breakpoint
-- Quotes (DE-YYYY-NNNNN, a counter per year): never below the highest number a quote holds.
INSERT INTO numbering_counters (company_id, sequence, period, last_number)
SELECT company_id, 'quote', substring(number from 4 for 4), max(substring(number from 9)::integer)
FROM quotes WHERE number ~ '^DE-[0-9]{4}-[0-9]{1,9}$'
GROUP BY company_id, substring(number from 4 for 4)
ON CONFLICT (company_id, sequence, period) DO UPDATE
SET last_number = greatest(numbering_counters.last_number, excluded.last_number);
--> statement-breakpoint
-- The FEC's entry numbers: never below the highest number given.
INSERT INTO numbering_counters (company_id, sequence, period, last_number)
SELECT company_id, 'accounting_entry', '', max(number) FROM accounting_entries GROUP BY company_id
ON CONFLICT (company_id, sequence, period) DO UPDATE
SET last_number = greatest(numbering_counters.last_number, excluded.last_number);
--> statement-breakpoint
-- Invoices and credit notes have taken their numbers from these rows since 0007 (patterns are the
-- company's own, so their numbers are not parsed back). The old column goes, with bo_app's UPDATE
-- right on it (0002): one counter per series, in one place.
ALTER TABLE companies DROP COLUMN customer_code_counter;
