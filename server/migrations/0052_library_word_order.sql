-- The price library's search at 50 000 items, one word typed (issue 22: p95 ≤ 20 ms).
--
-- After 0047 a search of one word (« platre », « beton », « cable ») read its 4 167 entries from the
-- word index, each into the tuplestore of bo_library_search (PL/pgSQL), then sorted them all for the
-- page and counted them with a window: 3.1–3.6 ms of PostgreSQL a page, against 1.1 ms for the
-- first page without a search.
--
-- The word index's key now carries the list's order: (company, word, sort key, id), the code key,
-- kind and family beside it (the same entries and the same width, one index as before: an import
-- writes nothing more). One word typed is resolved once by bo_library_match below (what
-- bo_library_search tested, returned instead of run), and the page statement (src/library/items.ts)
-- takes one of three ways, each answering what bo_library_search answers:
--   the word typed stands for one word of the index: the page straight from the index in the list's
--     order (`offset + limit` entries), the count from its entries, index-only (an item holds a
--     word once: the exact number of items);
--   many items hold it (« pl »): the page from the items in the list's order, each tested as 0037
--     does, the count from its entries deduplicated;
--   otherwise its entries deduplicated and sorted.
-- Several words typed still go through bo_library_search.
--
-- An entry is found again by its key: the triggers' deletes name the item's old sort key, which the
-- removed rows carry (an entry's sort key is always its item's: a change of the key replaces them).
ALTER TABLE library_word_items DROP CONSTRAINT library_word_items_pk;
--> statement-breakpoint
ALTER TABLE library_word_items ADD CONSTRAINT library_word_items_pk
  PRIMARY KEY (company_id, word, sort_key, id) INCLUDE (kind, family_id, code_key);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_words_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_word_items e
    USING (SELECT DISTINCT r.company_id, w, r.sort_key, r.id FROM removed r, unnest(string_to_array(r.search_key, ' ')) AS w) o
    WHERE e.company_id = o.company_id AND e.word = o.w AND e.sort_key = o.sort_key AND e.id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_words_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_word_items e
    USING (SELECT DISTINCT r.company_id, w, r.sort_key, r.id FROM removed r JOIN added a ON a.id = r.id,
             unnest(string_to_array(r.search_key, ' ')) AS w
           WHERE (a.search_key, a.sort_key, a.code_key, a.kind, a.company_id) IS DISTINCT FROM
                 (r.search_key, r.sort_key, r.code_key, r.kind, r.company_id)
              OR a.family_id IS DISTINCT FROM r.family_id) o
    WHERE e.company_id = o.company_id AND e.word = o.w AND e.sort_key = o.sort_key AND e.id = o.id;
  INSERT INTO library_word_items (company_id, word, id, kind, family_id, sort_key, code_key)
    SELECT a.company_id, w, a.id, a.kind, a.family_id, a.sort_key, a.code_key
    FROM added a JOIN removed r ON r.id = a.id,
      LATERAL (SELECT DISTINCT u AS w FROM unnest(string_to_array(a.search_key, ' ')) AS u WHERE u ~ '[a-z0-9]') AS t
    WHERE ((a.search_key, a.sort_key, a.code_key, a.kind, a.company_id) IS DISTINCT FROM
           (r.search_key, r.sort_key, r.code_key, r.kind, r.company_id)
        OR a.family_id IS DISTINCT FROM r.family_id);
  INSERT INTO library_words (company_id, word)
    SELECT DISTINCT a.company_id, w FROM added a JOIN removed r ON r.id = a.id,
      unnest(string_to_array(a.search_key, ' ')) AS w
    WHERE w ~ '[a-z0-9]' AND (a.search_key, a.company_id) IS DISTINCT FROM (r.search_key, r.company_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- What one word typed matches in the index, for the page statement to read (bo_library_search's
-- tests, in the same order, returned instead of run): the word folded (null: not one word holding a
-- letter or a digit, then bo_library_search answers), the regular expression that finds it in an
-- item's search key when it is a word of one or two characters (0037; null: found anywhere, as
-- strpos), the first and last words of the index that begin with it (a range of the primary key)
-- and the words of the vocabulary that hold it further in (null: none).
--   one word of the index (first = last, none inside): its entries, in the list's order;
--   otherwise: the range and the words inside, each item once.
CREATE FUNCTION bo_library_match(words text[], OUT folded text, OUT pattern text, OUT first_word text,
    OUT last_word text, OUT inside text[])
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
  marks constant text := '[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\xb0\xb7]';
  f text;
  escaped text;
  before text;
  held_inside text;
BEGIN
  IF cardinality(words) = 1 THEN
    f := bo_fold(words[1]);
  END IF;
  IF f IS NULL OR f !~ '[a-z0-9]' OR strpos(f, ' ') > 0 THEN
    RETURN;
  END IF;
  folded := f;
  IF length(f) < 3 AND f ~ '^[a-z0-9][a-z0-9]?$' THEN
    before := '(' || marks || CASE WHEN f ~ '^[a-z]' THEN '|[0-9])' ELSE '|[a-z])' END;
    escaped := f;
    pattern := '(^|' || before || ')' || f;
    held_inside := format('substr(v.word, 2) ~ %L AND v.word ~ %L', pattern, before || f);
  ELSE
    escaped := replace(replace(replace(f, '\', '\\'), '%', '\%'), '_', '\_');
    held_inside := format('substr(v.word, 2) LIKE %L', '%' || escaped || '%');
  END IF;
  EXECUTE format('SELECT min(e.word), max(e.word) FROM library_word_items e WHERE e.company_id = $1 AND e.word LIKE %L',
      escaped || '%')
    INTO first_word, last_word USING company;
  EXECUTE format('SELECT array_agg(v.word) FROM library_words v WHERE v.company_id = $1 AND %s', held_inside)
    INTO inside USING company;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION bo_library_match(text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION bo_library_match(text[]) TO bo_app;
--> statement-breakpoint
-- bo_library_search is now asked only for several words typed, or for one word that is not one
-- word of letters or digits once folded (marks only): a word holding a letter or a digit is answered
-- by the page statement from bo_library_match above. Its word-index branch (0047, 0050) is gone, so
-- that the rules of one word live in bo_library_match alone; what stays is 0037's search of the
-- items, whose answers are the same for any words (0047: « the answers stay exactly those of 0037 »).
CREATE OR REPLACE FUNCTION bo_library_search(words text[])
  RETURNS TABLE (id integer, kind text, family_id integer, sort_key text, code_key text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
  -- What may stand before a short word inside a word of the key (0037's classes).
  marks constant text := '[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\xb0\xb7]';
  every_word text;
BEGIN
  SELECT string_agg(
      CASE
        WHEN length(g) < 3 AND g ~ '^[a-z][a-z0-9]?$' THEN
          format('search_key ~ %L', '(^|' || marks || '|[0-9])' || g)
        WHEN length(g) < 3 AND g ~ '^[0-9][a-z0-9]?$' THEN
          format('search_key ~ %L', '(^|' || marks || '|[a-z])' || g)
        ELSE
          format('search_key LIKE %L', '%' || replace(replace(replace(g, '\', '\\'), '%', '\%'), '_', '\_') || '%')
      END, ' AND ')
    INTO every_word
    FROM (SELECT bo_fold(w) AS g FROM unnest(words) AS w) AS folded;
  RETURN QUERY EXECUTE format(
    'SELECT i.id, i.kind, i.family_id, i.sort_key, i.code_key FROM library_items i WHERE i.company_id = $1 AND (%s)',
    coalesce(every_word, 'false')) USING company;
END $$;
