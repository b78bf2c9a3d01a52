-- Searches as fast as lists (issue 27): the customers' search with a word of two letters or digits.
--
-- A word of two characters (« 98 » of « lefevre 98 ») has no trigram of its own, so the trigram
-- index could only narrow the search to the customers of the longer words (9 091 « lefevre » of
-- 100 000) and every one of them was read again to test « 98 »: every page of customer_search.
-- Such a word is still looked for anywhere in the keys (`LIKE '%98%'`, the answer does not change);
-- the function now also tells the index where it can be: after the key's start, a space or ASCII
-- punctuation, a letter or a digit, which are all the ASCII characters a folded key holds. The
-- trigram index answers that regular expression with its trigrams « ␣98 », « a98 »…« 998 » (as
-- bo_library_search, 0037: the classes are written out, a wider class makes pg_trgm give up), so
-- it finds the customers holding both words and nothing else (359 of 100 000, 213 pages instead of
-- 1 784). A key holding a character beyond ASCII (bo_fold leaves Cyrillic, Greek, CJK…) could have
-- « 98 » after it, which no such trigram finds: those keys are found through their own partial
-- index and tested with LIKE, so the answer stays exactly that of `LIKE '%98%'`.
--
-- The search's matches also carry their name key (a copy of customers.name_key, kept by the same
-- triggers as the search key), so that a search sorted by name orders and counts its matches in
-- customer_search and reads only its page's 50 customers: before, each of the 359 « lefevre 98 »
-- was read from customers (a wide row: 1 077 buffers) to be sorted, counted and mostly dropped.
-- Tried and not kept: an index of every two-character pair (the 2026-11-27 trial stored them in
-- customer_search and widened it for every other search; as an expression index, the pairs of each
-- candidate row were computed again at every search, 0.4 ms a row).
CREATE INDEX customer_search_wide_idx ON customer_search (company_id) WHERE search_key ~ '[^\x01-\x7f]';
--> statement-breakpoint
ALTER TABLE customer_search ADD COLUMN name_key text COLLATE "C";
--> statement-breakpoint
UPDATE customer_search s SET name_key = c.name_key FROM customers c WHERE c.id = s.id;
--> statement-breakpoint
ALTER TABLE customer_search ALTER COLUMN name_key SET NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_search_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_search (id, company_id, search_key, name_key)
    SELECT id, company_id, search_key, name_key FROM added;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION customer_search_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customer_search AS s SET search_key = a.search_key, company_id = a.company_id, name_key = a.name_key
    FROM added a WHERE s.id = a.id
      AND (s.search_key <> a.search_key OR s.company_id <> a.company_id OR s.name_key <> a.name_key);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP FUNCTION bo_customer_search(text[], text);
--> statement-breakpoint
-- The same search as 0017 (every word, or the digits), answering each match's name key too (in the
-- database's collation: the list compares it with COLLATE "C", as the column does).
CREATE FUNCTION bo_customer_search(words text[], digits text) RETURNS TABLE (id integer, name_key text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  every_word text;
BEGIN
  -- `words` arrive with LIKE's wildcards escaped (a word with a backslash is never two letters).
  SELECT string_agg(
      format('search_key LIKE %L', '%' || f || '%') ||
      CASE WHEN f ~ '^[a-z0-9]{2}$' THEN
        format(' AND (search_key ~ %L OR search_key ~ ''[^\x01-\x7f]'')',
          '(^|[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]|[a-z0-9])' || f)
      ELSE '' END, ' AND ')
    INTO every_word
    FROM (SELECT bo_fold(w) AS f FROM unnest(words) AS w) AS folded;
  RETURN QUERY EXECUTE format(
    'SELECT id, name_key FROM customer_search WHERE company_id = nullif(current_setting(''app.company_id'', true), '''')::integer AND ((%s)%s)',
    coalesce(every_word, 'false'),
    CASE WHEN digits IS NULL THEN '' ELSE format(' OR search_key LIKE ''%%'' || %L || ''%%''', digits) END);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_customer_search(text[], text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_customer_search(text[], text) TO bo_app;
