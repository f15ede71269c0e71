-- A link's search vector (docs/links-and-pages.md, Search) is kept by a trigger instead of being a
-- generated column, so that an import can leave it out: computing it and its GIN index entry was
-- most of PostgreSQL's time in a 100,000-link import (bench/RESULTS.md). An imported link
-- (imported_at set) is inserted with a NULL vector, which the search vectors job fills after the
-- import has answered (links/search-vectors-job.ts); until then search computes its document as it
-- goes (links/search-document.ts). The document is the former generated column's, unchanged.
-- Not STRICT, so that PostgreSQL inlines it where a query calls it.
CREATE FUNCTION "links_search_document"(title text, notes text, excerpt text, categories jsonb, url text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('simple', search_words(coalesce(title, ''))), 'A') || setweight(to_tsvector('simple', search_words(coalesce(notes, ''))), 'B') || setweight(to_tsvector('simple', search_words(coalesce(excerpt, '') || ' ' || categories::text || ' ' || regexp_replace(url, '[^[:alnum:]]+', ' ', 'g'))), 'C')
$$;--> statement-breakpoint
CREATE FUNCTION "links_keep_search_vector"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := links_search_document(NEW.title, NEW.notes, NEW.excerpt, NEW.categories, NEW.url);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "links_search_vector_on_save" BEFORE INSERT ON "links" FOR EACH ROW WHEN (NEW.imported_at IS NULL)
  EXECUTE FUNCTION links_keep_search_vector();--> statement-breakpoint
-- Only when one of the document's columns changes: the job's own UPDATE of search_vector, a read
-- state or a snooze leave the vector as it is.
CREATE TRIGGER "links_search_vector_on_change" BEFORE UPDATE OF title, notes, excerpt, categories, url ON "links" FOR EACH ROW
  WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.notes IS DISTINCT FROM NEW.notes OR OLD.excerpt IS DISTINCT FROM NEW.excerpt
    OR OLD.categories IS DISTINCT FROM NEW.categories OR OLD.url IS DISTINCT FROM NEW.url)
  EXECUTE FUNCTION links_keep_search_vector();
