-- search_words (0019) cannot be inlined by PostgreSQL (its body has subqueries), so every stored
-- search vector paid a SQL function call per column per row: about 2.4 s per 300,000 values, the most
-- of an import's time after its parsing. Text without the characters it splits (nearly all text) now
-- costs one inlined regular-expression test; the splitting itself moved to search_words_split.
-- CREATE OR REPLACE keeps the function the generated columns refer to; its answers do not change.
CREATE FUNCTION "search_words_split"(input text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
    SELECT coalesce(string_agg(
      CASE WHEN part[1] IS NULL THEN part[2] ELSE (
        SELECT ' ' || string_agg(c || coalesce(next, ''), ' ' ORDER BY i) || ' '
        FROM (SELECT c, i, lead(c) OVER (ORDER BY i) AS next FROM unnest(regexp_split_to_array(part[1], '')) WITH ORDINALITY AS u(c, i)) AS chars
      ) END, '' ORDER BY n), '')
    FROM regexp_matches(input, '([\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]+)|([^\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]+)', 'g') WITH ORDINALITY AS r(part, n)
$$;--> statement-breakpoint
-- Not STRICT: PostgreSQL inlines a SQL function into the expression that calls it only when it is not
-- declared STRICT or its body is strict itself, and CASE is not. A NULL still gives NULL (through search_words_split).
CREATE OR REPLACE FUNCTION "search_words"(input text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN input !~ '[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]' THEN input ELSE search_words_split(input) END
$$;
