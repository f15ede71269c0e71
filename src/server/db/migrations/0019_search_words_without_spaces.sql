-- Text written without spaces between words (Chinese, Japanese; Korean words with their particles)
-- goes into the search vectors as overlapping pairs of characters, each run's last character alone
-- too: "東京都" → "東京 京都 都", so "東京" finds it (docs/links-and-pages.md, Text without spaces). Other text passes unchanged.
CREATE FUNCTION "search_words"(input text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN input !~ '[\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]' THEN input ELSE (
    SELECT coalesce(string_agg(
      CASE WHEN part[1] IS NULL THEN part[2] ELSE (
        SELECT ' ' || string_agg(c || coalesce(next, ''), ' ' ORDER BY i) || ' '
        FROM (SELECT c, i, lead(c) OVER (ORDER BY i) AS next FROM unnest(regexp_split_to_array(part[1], '')) WITH ORDINALITY AS u(c, i)) AS chars
      ) END, '' ORDER BY n), '')
    FROM regexp_matches(input, '([\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]+)|([^\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\U00020000-\U0003134f]+)', 'g') WITH ORDINALITY AS r(part, n)
  ) END
$$;--> statement-breakpoint
ALTER TABLE "links" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', search_words(coalesce(title, ''))), 'A') || setweight(to_tsvector('simple', search_words(coalesce(notes, ''))), 'B') || setweight(to_tsvector('simple', search_words(coalesce(excerpt, '') || ' ' || categories::text || ' ' || regexp_replace(url, '[^[:alnum:]]+', ' ', 'g'))), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "page_copies" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "page_copies" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', search_words(coalesce(excerpt, ''))), 'C') || setweight(to_tsvector('simple', search_words(left(coalesce(text, ''), 200000))), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "highlights" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "highlights" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', search_words(exact)), 'A') || setweight(to_tsvector('simple', search_words(coalesce(note, ''))), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "links_search_idx" ON "links" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "page_copies_search_idx" ON "page_copies" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "highlights_search_idx" ON "highlights" USING gin ("search_vector");
