-- Searches as fast as lists (issue 27): the customers' search planned once per connection.
--
-- bo_customer_search (0044) built its statement from the words and ran it with EXECUTE: planned at
-- every request, and pg_trgm compiled a two-character word's regular expression to trigrams when
-- planning and again when running: « lefevre 98 » among 100 000 customers, 0.5 ms of its 2.1 ms of
-- backend CPU a request. Its statements are now written out, one per number of words the index
-- takes (one, two, three), so that PL/pgSQL prepares each once per connection and keeps its generic
-- plan (plan_cache_mode): « lefevre 98 » 2.4 → 1.7 ms of backend CPU a request, measured side by
-- side on a loaded box (bench/results.md, 2026-11-29).
--
-- What is found does not change. As in 0044, a customer is found when its search key holds every
-- word (LIKE '%word%', `likes`) and, for each word of two ASCII letters or digits, also holds it
-- after a character the trigram index can name (`near`, '' for the other words: matches any key),
-- unless the key holds a character beyond ASCII; or, for a number typed, when it holds its digits.
-- The condition of 0044, each word `LIKE AND (near OR wide)`, is the union of two sets written as
-- branches: every word LIKE and near (the trigram index), and the wide keys (their partial index,
-- which 0044's OR kept a generic plan from using) holding every word without being in the first.
-- Three words go to the trigram index (the first of three characters or more, then the others as
-- typed); the others (up to ten) are tested on the rows it finds.
--
-- A generic plan reads the trigram index whatever is typed. When no word narrows it (no word has
-- three characters, or a word has one) or a number is typed (its digits are a second condition,
-- OR), the plan made for what is typed is better (a sequential scan for « a », « 98 » or
-- « 06 12 34 », which match most customers): those searches keep 0044's statement, run with
-- EXECUTE as before.
CREATE OR REPLACE FUNCTION bo_customer_search(words text[], digits text) RETURNS TABLE (id integer, name_key text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  SET search_path = public, pg_temp SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  company constant integer := nullif(current_setting('app.company_id', true), '')::integer;
  likes text[];
  near text[];
  shortest integer;
  longest integer;
  every_word text;
BEGIN
  -- `words` arrive with LIKE's wildcards escaped (a word with a backslash is never two letters).
  -- The first word of three characters or more leads (it needs no `near`), the others follow in
  -- the order typed.
  SELECT array_agg('%' || f || '%' ORDER BY leads DESC, i),
      array_agg(CASE WHEN f ~ '^[a-z0-9]{2}$' THEN '(^|[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]|[a-z0-9])' || f
        ELSE '' END ORDER BY leads DESC, i),
      min(length(f)), max(length(f))
    INTO likes, near, shortest, longest
    FROM (SELECT f, i, coalesce(i = min(i) FILTER (WHERE length(f) >= 3) OVER (), false) AS leads
      FROM unnest(words) WITH ORDINALITY AS w(word, i), LATERAL bo_fold(word) AS f) AS folded;
  IF digits IS NULL AND shortest >= 2 AND longest >= 3 THEN
    CASE least(cardinality(likes), 3)
    WHEN 1 THEN
      RETURN QUERY
      SELECT s.id, s.name_key FROM customer_search s
      WHERE s.company_id = company AND s.search_key LIKE likes[1]
      UNION ALL
      SELECT s.id, s.name_key FROM customer_search s
      WHERE s.company_id = company AND s.search_key ~ '[^\x01-\x7f]'
        AND s.search_key LIKE ALL (likes) AND NOT s.search_key ~ ALL (near);
    WHEN 2 THEN
      RETURN QUERY
      SELECT s.id, s.name_key FROM customer_search s
      WHERE s.company_id = company AND s.search_key LIKE likes[1]
        AND s.search_key LIKE likes[2] AND s.search_key ~ near[2]
      UNION ALL
      SELECT s.id, s.name_key FROM customer_search s
      WHERE s.company_id = company AND s.search_key ~ '[^\x01-\x7f]'
        AND s.search_key LIKE ALL (likes) AND NOT s.search_key ~ ALL (near);
    ELSE
      RETURN QUERY
      SELECT s.id, s.name_key FROM customer_search s
      WHERE s.company_id = company AND s.search_key LIKE likes[1]
        AND s.search_key LIKE likes[2] AND s.search_key ~ near[2]
        AND s.search_key LIKE likes[3] AND s.search_key ~ near[3]
        AND s.search_key LIKE ALL (likes[4:]) AND s.search_key ~ ALL (near[4:])
      UNION ALL
      SELECT s.id, s.name_key FROM customer_search s
      WHERE s.company_id = company AND s.search_key ~ '[^\x01-\x7f]'
        AND s.search_key LIKE ALL (likes) AND NOT s.search_key ~ ALL (near);
    END CASE;
    RETURN;
  END IF;
  SELECT string_agg(
      format('search_key LIKE %L', l) ||
      CASE WHEN n <> '' THEN format(' AND (search_key ~ %L OR search_key ~ ''[^\x01-\x7f]'')', n) ELSE '' END,
      ' AND ')
    INTO every_word
    FROM unnest(likes, near) AS w(l, n);
  RETURN QUERY EXECUTE format(
    'SELECT id, name_key FROM customer_search WHERE company_id = %s AND ((%s)%s)',
    coalesce(company::text, 'NULL'),
    coalesce(every_word, 'false'),
    CASE WHEN digits IS NULL THEN '' ELSE format(' OR search_key LIKE ''%%'' || %L || ''%%''', digits) END);
END $$;
