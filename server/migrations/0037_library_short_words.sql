-- The price library (issue 22), second part.
--
-- 1. Families carry a version: a rename or a move is saved from the version read (409
--    stale_version otherwise), as every editable record of the product.
ALTER TABLE library_families ADD COLUMN version integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- 2. Short words. A word of three characters or more is still looked for anywhere in the code and
-- designation (`search_key LIKE '%word%'`, the trigram index). A word of one or two letters or
-- digits (« 32 » of « PVC 32 », a two-letter code, « mm ») has no trigram of its own: LIKE
-- '%32%' made PostgreSQL read every item of the company (100 ms at 100 000 items), and it found
-- « 32 » inside « 1232 » or « 003200 ». Such a word now matches where a word begins: at the start,
-- after a space or an ASCII punctuation mark (« ELE-32 », « 32/40 »), after « ° » or « · », and
-- where letters and digits meet (« Ø32 » folds to « o32 », « DN32 », « 10mm »). The trigram index
-- answers that regular expression (its padded trigram « ␣32 », or « o32 », « n32 »…: checked
-- with EXPLAIN, docs/decisions.md « Price library »), so it reads only the items found. Wider
-- character classes (the non-breaking spaces, `[^[:alnum:]]`, `\m`) make pg_trgm give up and
-- scan: the list is written out on purpose. Words arrive as typed (the function folds and escapes
-- them: LIKE's `%`, `_` and `\` match themselves).
CREATE OR REPLACE FUNCTION bo_library_search(words text[])
  RETURNS TABLE (id integer, kind text, family_id integer, sort_key text, code_key text)
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  every_word text;
BEGIN
  SELECT string_agg(
      CASE
        WHEN length(f) < 3 AND f ~ '^[a-z][a-z0-9]?$' THEN
          format('search_key ~ %L', '(^|[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\xb0\xb7]|[0-9])' || f)
        WHEN length(f) < 3 AND f ~ '^[0-9][a-z0-9]?$' THEN
          format('search_key ~ %L', '(^|[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\xb0\xb7]|[a-z])' || f)
        ELSE
          format('search_key LIKE %L', '%' || replace(replace(replace(f, '\', '\\'), '%', '\%'), '_', '\_') || '%')
      END, ' AND ')
    INTO every_word
    FROM (SELECT bo_fold(w) AS f FROM unnest(words) AS w) AS folded;
  RETURN QUERY EXECUTE format(
    'SELECT id, kind, family_id, sort_key, code_key FROM library_items WHERE company_id = nullif(current_setting(''app.company_id'', true), '''')::integer AND (%s)',
    coalesce(every_word, 'false'));
END $$;
