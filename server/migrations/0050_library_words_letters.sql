-- The price list import after the word index (issue 22: 50 000 lines in ≤ 10 s on PostgreSQL).
--
-- 0047's word index held every word of an item's search key, marks included: « - », « / », « << »,
-- « >> » are words of their own in many supplier designations (« Tube PER - 16 mm », « « qualité
-- pro » »), each written once per item into library_word_items (a quarter of the bench file's
-- 400 000 entries), for searches nobody types alone. A word typed that holds a letter or a digit
-- can be neither the start nor a part of a word without any (it would hold that letter), so the
-- index now keeps only the words holding a letter or a digit (after bo_fold: a–z, 0–9), and a word
-- typed without any (« - », « « ») is looked for as 0037 does, in library_items (its LIKE over the
-- search key: the same answer as before, read from the items). Both sides use the same test
-- (`~ '[a-z0-9]'`), which is what keeps the answers exact.
DELETE FROM library_word_items WHERE word !~ '[a-z0-9]';
--> statement-breakpoint
DELETE FROM library_words WHERE word !~ '[a-z0-9]';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_word_items (company_id, word, id, kind, family_id, sort_key, code_key)
    SELECT a.company_id, w, a.id, a.kind, a.family_id, a.sort_key, a.code_key
    FROM added a, LATERAL (SELECT DISTINCT u AS w FROM unnest(string_to_array(a.search_key, ' ')) AS u WHERE u ~ '[a-z0-9]') AS t;
  INSERT INTO library_words (company_id, word)
    SELECT DISTINCT a.company_id, w FROM added a, unnest(string_to_array(a.search_key, ' ')) AS w WHERE w ~ '[a-z0-9]'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION library_words_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_word_items e
    USING (SELECT DISTINCT r.company_id, w, r.id FROM removed r JOIN added a ON a.id = r.id,
             unnest(string_to_array(r.search_key, ' ')) AS w
           WHERE (a.search_key, a.sort_key, a.code_key, a.kind, a.company_id) IS DISTINCT FROM
                 (r.search_key, r.sort_key, r.code_key, r.kind, r.company_id)
              OR a.family_id IS DISTINCT FROM r.family_id) o
    WHERE e.company_id = o.company_id AND e.word = o.w AND e.id = o.id;
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
CREATE OR REPLACE FUNCTION bo_library_search(words text[])
  RETURNS TABLE (id integer, kind text, family_id integer, sort_key text, code_key text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp SET enable_seqscan = off AS $$
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
  -- What may stand before a short word inside a word of the key (0037's classes).
  marks constant text := '[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\xb0\xb7]';
  f text;
  escaped text;
  before text;
  inside text;
  inside_words text[];
  first_word text;
  last_word text;
  every_word text;
BEGIN
  IF cardinality(words) = 1 THEN
    f := bo_fold(words[1]);
  END IF;
  IF f IS NULL OR f !~ '[a-z0-9]' OR strpos(f, ' ') > 0 THEN
    -- Several words typed (or one that is not one word once folded, or one of marks only, which
    -- the word index does not hold): 0037's search, unchanged.
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
    RETURN;
  END IF;
  IF length(f) < 3 AND f ~ '^[a-z0-9][a-z0-9]?$' THEN
    -- At a word's start; inside one, after a mark, or where letters and digits meet (« ø32 »
    -- folds to « o32 »). The index is asked with the tail's start too (a word whose first
    -- character is a mark); each word found is then tested exactly.
    before := '(' || marks || CASE WHEN f ~ '^[a-z]' THEN '|[0-9])' ELSE '|[a-z])' END;
    escaped := f;
    inside := format('substr(v.word, 2) ~ %L AND v.word ~ %L', '(^|' || before || ')' || f, before || f);
  ELSE
    escaped := replace(replace(replace(f, '\', '\\'), '%', '\%'), '_', '\_');
    inside := format('substr(v.word, 2) LIKE %L', '%' || escaped || '%');
  END IF;
  EXECUTE format('SELECT array_agg(v.word) FROM library_words v WHERE v.company_id = $1 AND %s', inside)
    INTO inside_words USING company;
  EXECUTE format('SELECT min(e.word), max(e.word) FROM library_word_items e WHERE e.company_id = $1 AND e.word LIKE %L',
      escaped || '%')
    INTO first_word, last_word USING company;
  IF inside_words IS NULL AND first_word = last_word THEN
    -- One word of the index: each of its items once, in its range of the primary key.
    RETURN QUERY SELECT e.id, e.kind, e.family_id, e.sort_key, e.code_key FROM library_word_items e
      WHERE e.company_id = company AND e.word = first_word;
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT DISTINCT ON (w.id) w.* FROM (
       SELECT e.id, e.kind, e.family_id, e.sort_key, e.code_key FROM library_word_items e
         WHERE e.company_id = $1 AND e.word LIKE %L
       UNION ALL
       SELECT e.id, e.kind, e.family_id, e.sort_key, e.code_key FROM library_word_items e
         WHERE e.company_id = $1 AND e.word = ANY ($2)
     ) AS w ORDER BY w.id',
    escaped || '%') USING company, coalesce(inside_words, '{}');
END $$;
