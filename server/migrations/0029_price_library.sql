-- The price library (issue 22): families (a tree), items of four kinds, and the works'
-- compositions. Prices are not stored: each answer computes them from the items and the company's
-- current « Coûts et prix de vente » (src/contract/pricing.ts, docs/decisions.md « Price library »).
CREATE TABLE "library_families" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"parent_id" integer REFERENCES "library_families"("id"),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "library_families_company_idx" ON "library_families" USING btree ("company_id","parent_id");
--> statement-breakpoint
CREATE TABLE "library_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"kind" text NOT NULL CHECK ("kind" IN ('supply', 'labour', 'equipment', 'work')),
	"code" text DEFAULT '' NOT NULL,
	"designation" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"family_id" integer REFERENCES "library_families"("id"),
	-- supply: purchase price excl. VAT; equipment: its cost; labour: its own hourly cost (null: the
	-- company's); work: null (its composition's).
	"unit_cost_cents" integer,
	"supplier" text DEFAULT '' NOT NULL,
	"vat_rate_id" integer REFERENCES "vat_rates"("id"),
	"loss_basis_points" integer DEFAULT 0 NOT NULL,
	-- A sale price chosen by hand: the costs' coefficients no longer move it.
	"fixed_sale_price_cents" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Folded as the customers' keys are (bo_fold, 0006: accents off, lower case, compared byte by
-- byte): the sort key, and what a search looks in (code and designation).
ALTER TABLE library_items ADD COLUMN sort_key text COLLATE "C" GENERATED ALWAYS AS (bo_fold(designation)) STORED;
--> statement-breakpoint
ALTER TABLE library_items ADD COLUMN code_key text COLLATE "C" GENERATED ALWAYS AS (bo_fold(code)) STORED;
--> statement-breakpoint
ALTER TABLE library_items ADD COLUMN search_key text COLLATE "C" GENERATED ALWAYS AS
  (bo_fold(code || ' ' || designation)) STORED;
--> statement-breakpoint
-- One index per sort, in the list's order, so that a page is read from the index.
CREATE INDEX library_items_designation_idx ON library_items (company_id, sort_key, id);
--> statement-breakpoint
CREATE INDEX library_items_code_idx ON library_items (company_id, code_key, sort_key, id);
--> statement-breakpoint
CREATE INDEX library_items_kind_idx ON library_items (company_id, kind, sort_key, id);
--> statement-breakpoint
CREATE INDEX library_items_family_idx ON library_items (company_id, family_id);
--> statement-breakpoint
CREATE INDEX library_items_search_idx ON library_items USING gin (search_key gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "library_components" (
	"company_id" integer NOT NULL REFERENCES "companies"("id"),
	"work_id" integer NOT NULL REFERENCES "library_items"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	-- A used item cannot be deleted (409 library_item_in_use): no cascade here.
	"component_id" integer NOT NULL REFERENCES "library_items"("id"),
	"quantity_milli" integer NOT NULL CHECK ("quantity_milli" > 0),
	CONSTRAINT "library_components_pk" PRIMARY KEY ("work_id", "position")
);
--> statement-breakpoint
CREATE INDEX "library_components_component_idx" ON "library_components" USING btree ("company_id","component_id");
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON library_families TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE library_families_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE library_families ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON library_families USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON library_items TO bo_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE library_items_id_seq TO bo_app;
--> statement-breakpoint
ALTER TABLE library_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON library_items USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON library_components TO bo_app;
--> statement-breakpoint
ALTER TABLE library_components ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON library_components USING (company_id = nullif(current_setting('app.company_id', true), '')::integer) WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- The search, for the tenant of the transaction: its items whose search_key holds every one of
-- `words` (folded here), in any order, with what the list filters and sorts them on, so that only
-- the page's rows are read again (a word found in thousands of items would otherwise cost as many
-- lookups). SECURITY DEFINER for the trigram index, as bo_customer_search (0006): under row-level
-- security LIKE is not leakproof and would run on every row of the company; the function applies
-- the company fence itself from the same setting as the policy (no setting: no row). `words`
-- arrive with LIKE's wildcards already escaped. The keys come back in the database's collation:
-- the list compares them with COLLATE "C", as the columns do.
CREATE FUNCTION bo_library_search(words text[])
  RETURNS TABLE (id integer, kind text, family_id integer, sort_key text, code_key text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  every_word text;
BEGIN
  SELECT string_agg(format('search_key LIKE ''%%'' || bo_fold(%L) || ''%%''', w), ' AND ')
    INTO every_word FROM unnest(words) AS w;
  RETURN QUERY EXECUTE format(
    'SELECT id, kind, family_id, sort_key, code_key FROM library_items WHERE company_id = nullif(current_setting(''app.company_id'', true), '''')::integer AND (%s)',
    coalesce(every_word, 'false'));
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_library_search(text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_library_search(text[]) TO bo_app;
--> statement-breakpoint
-- How many items each company has of each kind, kept by statement-level triggers (as
-- customer_counts, 0006): the list's total without a search never counts the whole library. An
-- item's kind and company never change, so inserts and deletes are all that move it.
CREATE TABLE library_item_counts (
  company_id integer NOT NULL REFERENCES companies (id),
  kind text NOT NULL,
  n integer DEFAULT 0 NOT NULL,
  CONSTRAINT library_item_counts_pk PRIMARY KEY (company_id, kind)
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON library_item_counts TO bo_app;
--> statement-breakpoint
ALTER TABLE library_item_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON library_item_counts
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
CREATE FUNCTION library_item_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_item_counts AS c (company_id, kind, n)
    SELECT company_id, kind, count(*) FROM added GROUP BY company_id, kind
  ON CONFLICT (company_id, kind) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION library_item_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_item_counts AS c SET n = c.n - r.n
    FROM (SELECT company_id, kind, count(*) AS n FROM removed GROUP BY company_id, kind) AS r
    WHERE c.company_id = r.company_id AND c.kind = r.kind;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_item_counts_insert AFTER INSERT ON library_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION library_item_counts_add();
--> statement-breakpoint
CREATE TRIGGER library_item_counts_delete AFTER DELETE ON library_items
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION library_item_counts_remove();
