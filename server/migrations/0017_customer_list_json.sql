-- The customers' list at 100 000 customers (issue 8), in what the database spends per request.
--
-- 1. Each customer's JSON, as the list answers it, kept in the row (list_json): writing 50 rows
-- with row_to_json on every request cost about half of PostgreSQL's time for the first page
-- (bench/results.md); reading a stored text costs nearly nothing. It is a generated column: the
-- database itself rewrites it whenever a field changes, in the same transaction, so it can never
-- differ from the row. The function is declared IMMUTABLE, which generated columns require; it is
-- (its inputs are integers, texts, a boolean, jsonb and a text array, whose JSON output depends on
-- no setting). Same fields, names, order and compact form as the API's toCustomerJson (row_to_json
-- of the same record, test/customers-list-json.test.ts compares them).
CREATE FUNCTION bo_customer_json(
  integer, text, text, text, text, text, text, text, text, text, text, text, text, text, text, text,
  text, text, boolean, jsonb, text[], text, integer
) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT row_to_json(c)::text FROM (SELECT $1 AS "id", $2 AS "type", $3 AS "civility",
    $4 AS "firstName", $5 AS "lastName", $6 AS "companyName", $7 AS "job", $8 AS "email",
    $9 AS "phone", $10 AS "cellPhone", $11 AS "fax", $12 AS "address", $13 AS "zipCode",
    $14 AS "city", $15 AS "country", $16 AS "vatNumber", $17 AS "siret", $18 AS "customerCode",
    $19 AS "customerCodeAuto", $20 AS "paymentDeadline", $21 AS "paymentModes", $22 AS "comments",
    $23 AS "version") AS c $$;
--> statement-breakpoint
ALTER TABLE customers ADD COLUMN list_json text GENERATED ALWAYS AS (bo_customer_json(id, type,
  civility, first_name, last_name, company_name, job, email, phone, cell_phone, fax, address, zip_code,
  city, country, vat_number, siret, customer_code, customer_code_auto, payment_deadline, payment_modes,
  comments, version)) STORED;
--> statement-breakpoint
-- 2. The search reads a narrow copy of the search keys. A search word of one or two characters
-- (« 98 ») has no trigram, so the index only narrows to the rows of the longer words and each of
-- them is re-read to test the short one: thousands of rows for « lefevre 98 ». Read from customers,
-- each is a page of its own (rows of about 1 KB); here about 40 keys share a page.
CREATE TABLE customer_search (
  id integer PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  company_id integer NOT NULL,
  search_key text COLLATE "C" NOT NULL
);
--> statement-breakpoint
INSERT INTO customer_search (id, company_id, search_key) SELECT id, company_id, search_key FROM customers;
--> statement-breakpoint
CREATE INDEX customer_search_key_idx ON customer_search USING gin (search_key gin_trgm_ops);
--> statement-breakpoint
DROP INDEX customers_search_idx;
--> statement-breakpoint
-- A tenant table: written by the triggers below as the caller (bo_app), read by the search
-- function (SECURITY DEFINER, which applies the company fence itself).
GRANT SELECT, INSERT, UPDATE ON customer_search TO bo_app;
--> statement-breakpoint
ALTER TABLE customer_search ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON customer_search
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- Kept by statement-level triggers (a bulk insert is one statement); a delete cascades.
CREATE FUNCTION customer_search_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_search (id, company_id, search_key) SELECT id, company_id, search_key FROM added;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION customer_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_search AS s SET search_key = a.search_key, company_id = a.company_id
    FROM added a WHERE s.id = a.id AND (s.search_key <> a.search_key OR s.company_id <> a.company_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_search_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_search_add();
--> statement-breakpoint
CREATE TRIGGER customer_search_update AFTER UPDATE ON customers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_search_change();
--> statement-breakpoint
-- The same search as 0006 (every word, or the digits), on the narrow copy.
CREATE OR REPLACE FUNCTION bo_customer_search(words text[], digits text) RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  every_word text;
BEGIN
  SELECT string_agg(format('search_key LIKE ''%%'' || bo_fold(%L) || ''%%''', w), ' AND ')
    INTO every_word FROM unnest(words) AS w;
  RETURN QUERY EXECUTE format(
    'SELECT id FROM customer_search WHERE company_id = nullif(current_setting(''app.company_id'', true), '''')::integer AND ((%s)%s)',
    coalesce(every_word, 'false'),
    CASE WHEN digits IS NULL THEN '' ELSE format(' OR search_key LIKE ''%%'' || %L || ''%%''', digits) END);
END $$;
