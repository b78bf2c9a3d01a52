CREATE TABLE "customer_counts" (
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "customer_counts_company_id_type_pk" PRIMARY KEY("company_id","type")
);
--> statement-breakpoint
DROP INDEX "customers_company_idx";--> statement-breakpoint
ALTER TABLE "customer_counts" ADD CONSTRAINT "customer_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_code_idx" ON "customers" USING btree ("company_id","customer_code","id");--> statement-breakpoint
-- The customer list, as a French user expects it (search without accents or case, French
-- alphabetical order) and fast at 100 000 customers. Both extensions are trusted (PostgreSQL 13+):
-- the database owner may create them without superuser rights. PGlite loads them at start-up
-- (server/src/db/database.ts).
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
-- The one place where text is folded for sorting and searching: accents off (É → e, œ → oe),
-- then lower case. unaccent() is only STABLE because its dictionary could be changed; naming the
-- dictionary makes the result fixed, which generated columns and indexes require.
CREATE FUNCTION bo_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;
--> statement-breakpoint
-- Sort keys: folded, compared byte by byte (COLLATE "C") so that PGlite and PostgreSQL order
-- alike whatever the database's locale: 'Bâti' before 'Boulangerie', 'Émile' among the E.
-- name_key: company name (professional) or last name, then first name.
ALTER TABLE customers ADD COLUMN name_key text COLLATE "C" GENERATED ALWAYS AS
  (bo_fold(coalesce(nullif(company_name, ''), last_name) || ' ' || first_name)) STORED;
--> statement-breakpoint
ALTER TABLE customers ADD COLUMN city_key text COLLATE "C" GENERATED ALWAYS AS (bo_fold(city)) STORED;
--> statement-breakpoint
-- What a search looks in: names, company, email, city, zip code, code, phones and SIRET as typed,
-- and the phones and SIRET again as digits only (so '06 12 34' and '061234' both find them).
ALTER TABLE customers ADD COLUMN search_key text COLLATE "C" GENERATED ALWAYS AS
  (bo_fold(last_name || ' ' || first_name || ' ' || company_name || ' ' || email || ' ' || city || ' '
     || zip_code || ' ' || customer_code || ' ' || phone || ' ' || cell_phone || ' ' || siret)
   || ' ' || regexp_replace(phone, '[^0-9]', '', 'g') || ' ' || regexp_replace(cell_phone, '[^0-9]', '', 'g')
   || ' ' || regexp_replace(siret, '[^0-9]', '', 'g')) STORED;
--> statement-breakpoint
-- One index per sort, in the list's order (key, then name, then id), so that a page is read from
-- the index and never sorts the whole company.
CREATE INDEX customers_name_idx ON customers (company_id, name_key, id);
--> statement-breakpoint
CREATE INDEX customers_city_idx ON customers (company_id, city_key, name_key, id);
--> statement-breakpoint
CREATE INDEX customers_type_idx ON customers (company_id, type, name_key, id);
--> statement-breakpoint
CREATE INDEX customers_email_idx ON customers (company_id, email, name_key, id);
--> statement-breakpoint
-- Trigram index: `search_key LIKE '%word%'` finds its rows without reading the whole table.
CREATE INDEX customers_search_idx ON customers USING gin (search_key gin_trgm_ops);
--> statement-breakpoint
-- The search, for the tenant of the transaction: the ids of its customers whose search_key holds
-- every one of `words` (folded here), or, when given, `digits` (a phone number or SIRET typed with
-- spaces or dots). Why a function: under row-level security the planner may not use an index for
-- LIKE (textlike is not leakproof, so it must run after the policy, on every row of the company);
-- SECURITY DEFINER runs it as the table owner, with the index, and the function applies the
-- company fence itself from the same setting as the policy (no setting: no row). `words` and
-- `digits` arrive with LIKE's wildcards already escaped.
CREATE FUNCTION bo_customer_search(words text[], digits text) RETURNS SETOF integer
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  every_word text;
BEGIN
  SELECT string_agg(format('search_key LIKE ''%%'' || bo_fold(%L) || ''%%''', w), ' AND ')
    INTO every_word FROM unnest(words) AS w;
  RETURN QUERY EXECUTE format(
    'SELECT id FROM customers WHERE company_id = nullif(current_setting(''app.company_id'', true), '''')::integer AND ((%s)%s)',
    coalesce(every_word, 'false'),
    CASE WHEN digits IS NULL THEN '' ELSE format(' OR search_key LIKE ''%%'' || %L || ''%%''', digits) END);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_customer_search(text[], text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_customer_search(text[], text) TO bo_app;
--> statement-breakpoint
-- customer_counts is a tenant table: the triggers below run as the caller (bo_app).
GRANT SELECT, INSERT, UPDATE ON customer_counts TO bo_app;
--> statement-breakpoint
ALTER TABLE customer_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON customer_counts
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
INSERT INTO customer_counts (company_id, type, n)
  SELECT company_id, type, count(*) FROM customers GROUP BY company_id, type;
--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk insert of 100 000 rows is one upsert.
CREATE FUNCTION customer_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_counts AS c (company_id, type, n)
    SELECT company_id, type, count(*) FROM added GROUP BY company_id, type
  ON CONFLICT (company_id, type) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION customer_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts AS c SET n = c.n - r.n
    FROM (SELECT company_id, type, count(*) AS n FROM removed GROUP BY company_id, type) AS r
    WHERE c.company_id = r.company_id AND c.type = r.type;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An edit moves a customer between counts only when its type changes.
CREATE FUNCTION customer_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_counts AS c SET n = c.n - r.n
    FROM (SELECT o.company_id, o.type, count(*) AS n FROM removed o JOIN added a ON a.id = o.id
          WHERE a.type <> o.type OR a.company_id <> o.company_id GROUP BY o.company_id, o.type) AS r
    WHERE c.company_id = r.company_id AND c.type = r.type;
  INSERT INTO customer_counts AS c (company_id, type, n)
    SELECT a.company_id, a.type, count(*) FROM added a JOIN removed o ON o.id = a.id
    WHERE a.type <> o.type OR a.company_id <> o.company_id GROUP BY a.company_id, a.type
  ON CONFLICT (company_id, type) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER customer_counts_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_add();
--> statement-breakpoint
CREATE TRIGGER customer_counts_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_remove();
--> statement-breakpoint
CREATE TRIGGER customer_counts_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION customer_counts_move();
