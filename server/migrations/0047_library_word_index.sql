-- The price library's search at 50 000 items (issue 22: p95 ≤ 20 ms with 10 requests in flight).
--
-- A search sorts its matches by designation (or code) and counts them exactly (`info.hits`: the
-- Pager's « x–y sur N » and last page). bo_library_search (0029, 0037) found them through the
-- trigram index of library_items, then read each match's row for its keys: « platre » (4 167 of
-- 50 000 items, spread over the whole table) read all 1 317 pages of library_items (1 336 buffers,
-- 10–12 ms of PostgreSQL CPU), « pl » (19 367) every page and 39–46 ms.
--
-- As the customers' search keeps the name key in its narrow copy (0044), the library's search now
-- reads a narrow index of its words, each entry carrying what the list filters and sorts on:
--   library_word_items  one entry per item and word of its search key (code and designation folded,
--                       cut at spaces): (company, word, item) and the item's kind, family, sort and
--                       code keys, all in the primary key's index, so a word's matches are read from
--                       the index alone, next to each other, without the items' rows;
--   library_words       the company's vocabulary, for a word typed that is found inside a word
--                       (« 004242 » in « ele-004242 »): a trigram index of each word past its first
--                       character (a word typed found at the start of a word is read from
--                       library_word_items directly, by its prefix: « pl » has 23 473 entries over
--                       12 000 different codes and words, read as one range of the index).
-- Both are kept by statement-level triggers (one statement per bulk insert or import batch), as
-- customer_search. The vocabulary only grows: a word no item holds any more matches no entry (its
-- removal would race with a concurrent insert of the same word).
--
-- The answers stay exactly those of 0037: a word of three characters or more is found anywhere in
-- the code and designation (`LIKE '%word%'`); as a word typed holds no space, it is found inside one
-- word of the key (at its start: the prefix; further: the vocabulary). A word of one or two letters
-- or digits is found where a word begins (the key's start, after a space: a word's start; after a
-- punctuation mark or where letters and digits meet: inside a word, the same classes as 0037). A
-- word typed that folds to nothing or to something with a space is looked for in library_items as
-- before (bo_fold maps no character to a space that we know of; the answer stays right if one does).
-- The page statement (src/library/items.ts) is unchanged: it sorts, counts and cuts the matches
-- this function answers, then reads the page's 50 items.
CREATE TABLE library_word_items (
  company_id integer NOT NULL,
  word text COLLATE "C" NOT NULL,
  id integer NOT NULL,
  kind text NOT NULL,
  family_id integer,
  sort_key text COLLATE "C" NOT NULL,
  code_key text COLLATE "C" NOT NULL,
  CONSTRAINT library_word_items_pk PRIMARY KEY (company_id, word, id) INCLUDE (kind, family_id, sort_key, code_key)
);
--> statement-breakpoint
CREATE TABLE library_words (
  company_id integer NOT NULL,
  word text COLLATE "C" NOT NULL,
  CONSTRAINT library_words_pk PRIMARY KEY (company_id, word)
);
--> statement-breakpoint
-- Past the first character: a word typed found at a word's start is read by prefix, so the
-- vocabulary is only asked for the other places (« pla » is at the start of 6 250 codes, inside
-- almost none).
CREATE INDEX library_words_inside_idx ON library_words USING gin (substr(word, 2) gin_trgm_ops);
--> statement-breakpoint
-- Tenant tables: written by the triggers below as the caller (bo_app), read by the search function
-- (SECURITY DEFINER, which applies the company fence itself).
GRANT SELECT, INSERT, UPDATE, DELETE ON library_word_items TO bo_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON library_words TO bo_app;
--> statement-breakpoint
ALTER TABLE library_word_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON library_word_items
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
ALTER TABLE library_words ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON library_words
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
INSERT INTO library_word_items (company_id, word, id, kind, family_id, sort_key, code_key)
  SELECT i.company_id, w, i.id, i.kind, i.family_id, i.sort_key, i.code_key
  FROM library_items i, LATERAL (SELECT DISTINCT u AS w FROM unnest(string_to_array(i.search_key, ' ')) AS u WHERE u <> '') AS t;
--> statement-breakpoint
INSERT INTO library_words (company_id, word) SELECT DISTINCT company_id, word FROM library_word_items;
--> statement-breakpoint
CREATE FUNCTION library_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_word_items (company_id, word, id, kind, family_id, sort_key, code_key)
    SELECT a.company_id, w, a.id, a.kind, a.family_id, a.sort_key, a.code_key
    FROM added a, LATERAL (SELECT DISTINCT u AS w FROM unnest(string_to_array(a.search_key, ' ')) AS u WHERE u <> '') AS t;
  INSERT INTO library_words (company_id, word)
    SELECT DISTINCT a.company_id, w FROM added a, unnest(string_to_array(a.search_key, ' ')) AS w WHERE w <> ''
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION library_words_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM library_word_items e
    USING (SELECT DISTINCT r.company_id, w, r.id FROM removed r, unnest(string_to_array(r.search_key, ' ')) AS w) o
    WHERE e.company_id = o.company_id AND e.word = o.w AND e.id = o.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An edit or an import that leaves the keys, kind and family alone (a price) writes nothing here; a
-- rename or a move replaces the item's entries.
CREATE FUNCTION library_words_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
      LATERAL (SELECT DISTINCT u AS w FROM unnest(string_to_array(a.search_key, ' ')) AS u WHERE u <> '') AS t
    WHERE ((a.search_key, a.sort_key, a.code_key, a.kind, a.company_id) IS DISTINCT FROM
           (r.search_key, r.sort_key, r.code_key, r.kind, r.company_id)
        OR a.family_id IS DISTINCT FROM r.family_id);
  INSERT INTO library_words (company_id, word)
    SELECT DISTINCT a.company_id, w FROM added a JOIN removed r ON r.id = a.id,
      unnest(string_to_array(a.search_key, ' ')) AS w
    WHERE w <> '' AND (a.search_key, a.company_id) IS DISTINCT FROM (r.search_key, r.company_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_words_insert AFTER INSERT ON library_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION library_words_add();
--> statement-breakpoint
CREATE TRIGGER library_words_update AFTER UPDATE ON library_items
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION library_words_change();
--> statement-breakpoint
CREATE TRIGGER library_words_delete AFTER DELETE ON library_items
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION library_words_remove();
--> statement-breakpoint
-- The same answers as 0037. One word typed: from the word index, the entries of the words that
-- begin with it (a range of the primary key) and of the words that hold it further in (the
-- vocabulary's trigram index, then the primary key), each item once (an item may hold « platre »
-- and « platrerie »: when a single word of the index matches, no item can come twice and nothing is
-- deduplicated). Several words typed: 0037's search in the items, whose trigram bitmaps intersect
-- before any row is read, so that only the items holding every word are read (« mur laine roche »:
-- 588 items, 90 buffers, 3 ms of CPU); through the word index each word's matches would be read
-- in full to intersect them (15 477 entries, 18 ms).
--
-- enable_seqscan off: a word typed that begins a tenth of a company's words (« pl ») is a range
-- of 277 pages of the primary key, which the planner prices as random reads near a full read of
-- the table, every company's words (3 223 pages at 50 000 items, twice the CPU): it chose the
-- full read. Every statement here has its index; none should read a whole table.
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
  IF f IS NULL OR f = '' OR strpos(f, ' ') > 0 THEN
    -- Several words typed (or one that is not one word once folded): 0037's search, unchanged.
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
