-- The price library's count for a word of one or two letters or digits typed (issue 22: p95 ≤ 20 ms
-- at 50 000 items, 10 in flight).
--
-- « pl » (what the quote editor sends from the second letter) is held by 19 367 of 50 000 items.
-- After 0052 its page was read in the list's order from the items (about 130 of them), but its exact
-- count read the 23 473 entries of the words beginning with it twice, once to judge that walk and
-- once deduplicated by item: 12 ms of PostgreSQL a request, eight times what a request may cost.
--
-- Such a word is found where a word of the search key begins (0037): at the key's start, after a
-- mark, or where letters and digits meet. An item holds few such starts, so the number of items
-- holding each one- or two-character start is kept by statement-level triggers, as the kinds'
-- counts are (library_item_counts, 0029): the count of « pl » is then one row.
--
-- An item's starts, each once (the words typed that 0037's test finds in the key): the key cut in
-- runs of letters, runs of digits and single other characters; a run of letters or digits begins a
-- word at the key's start, after a mark (0037's class) or after a run of the other kind. Each such
-- run gives its first character, and its first two (or its one with the next run's first).
-- Checked against 0037's expression on the bench's 50 000 items for every short word typed there.
-- Cut in runs rather than read character by character: 50 000 keys in 1.7 s instead of 2.7 s (load 6).
CREATE FUNCTION bo_library_short_words(key text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT v.t), '{}')
  FROM (SELECT m.r[1] AS run, lag(m.r[1]) OVER (ORDER BY m.n) AS prev, lead(m.r[1]) OVER (ORDER BY m.n) AS next
        FROM regexp_matches(key, '[a-z]+|[0-9]+|[^a-z0-9]', 'g') WITH ORDINALITY AS m(r, n)) AS s,
    LATERAL (VALUES (left(s.run, 1)),
      (CASE WHEN length(s.run) > 1 THEN left(s.run, 2) WHEN s.next ~ '^[a-z0-9]' THEN s.run || left(s.next, 1) END)) AS v(t)
  WHERE v.t IS NOT NULL AND s.run ~ '^[a-z0-9]'
    AND (s.prev IS NULL OR s.prev ~ '^[a-z0-9]' OR s.prev ~ '^[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\xb0\xb7]$')
$$;
--> statement-breakpoint
CREATE TABLE library_short_word_counts (
  company_id integer NOT NULL REFERENCES companies (id),
  word text COLLATE "C" NOT NULL,
  n integer DEFAULT 0 NOT NULL,
  CONSTRAINT library_short_word_counts_pk PRIMARY KEY (company_id, word)
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON library_short_word_counts TO bo_app;
--> statement-breakpoint
ALTER TABLE library_short_word_counts ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_isolation ON library_short_word_counts
  USING (company_id = nullif(current_setting('app.company_id', true), '')::integer)
  WITH CHECK (company_id = nullif(current_setting('app.company_id', true), '')::integer);
--> statement-breakpoint
-- Each statement adds its items' starts to the counts in one order (company, word): two writers
-- of the same company wait for each other's rows instead of locking them crosswise.
CREATE FUNCTION library_short_word_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_short_word_counts AS c (company_id, word, n)
    SELECT a.company_id, w, count(*) FROM added a, unnest(bo_library_short_words(a.search_key)) AS w
    GROUP BY a.company_id, w ORDER BY a.company_id, w
  ON CONFLICT (company_id, word) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION library_short_word_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_short_word_counts AS c (company_id, word, n)
    SELECT r.company_id, w, -count(*) FROM removed r, unnest(bo_library_short_words(r.search_key)) AS w
    GROUP BY r.company_id, w ORDER BY r.company_id, w
  ON CONFLICT (company_id, word) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A change of the key: the old key's starts less, the new one's more (only the items whose key changed).
CREATE FUNCTION library_short_word_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO library_short_word_counts AS c (company_id, word, n)
    SELECT d.company_id, d.w, sum(d.n) FROM (
        SELECT a.company_id, w, 1 AS n FROM added a JOIN removed r ON r.id = a.id,
          unnest(bo_library_short_words(a.search_key)) AS w
        WHERE (a.search_key, a.company_id) IS DISTINCT FROM (r.search_key, r.company_id)
        UNION ALL
        SELECT r.company_id, w, -1 FROM added a JOIN removed r ON r.id = a.id,
          unnest(bo_library_short_words(r.search_key)) AS w
        WHERE (a.search_key, a.company_id) IS DISTINCT FROM (r.search_key, r.company_id)
      ) AS d
    GROUP BY d.company_id, d.w HAVING sum(d.n) <> 0 ORDER BY d.company_id, d.w
  ON CONFLICT (company_id, word) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER library_short_word_counts_insert AFTER INSERT ON library_items
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION library_short_word_counts_add();
--> statement-breakpoint
CREATE TRIGGER library_short_word_counts_delete AFTER DELETE ON library_items
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION library_short_word_counts_remove();
--> statement-breakpoint
CREATE TRIGGER library_short_word_counts_update AFTER UPDATE ON library_items
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION library_short_word_counts_change();
--> statement-breakpoint
INSERT INTO library_short_word_counts (company_id, word, n)
  SELECT i.company_id, w, count(*) FROM library_items i, unnest(bo_library_short_words(i.search_key)) AS w
  GROUP BY i.company_id, w;
