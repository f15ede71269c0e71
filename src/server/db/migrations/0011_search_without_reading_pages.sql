ALTER TABLE "links" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(notes, '')), 'B') || setweight(to_tsvector('simple', coalesce(excerpt, '') || ' ' || categories::text || ' ' || regexp_replace(url, '[^[:alnum:]]+', ' ', 'g')), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "links_search_idx" ON "links" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "page_copies" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "page_copies" ADD COLUMN "link_created_at" timestamp with time zone;--> statement-breakpoint
-- Keep the table's own rows small (text, html and the search vector go to its TOAST table), so a
-- search that matches thousands of pages reads megabytes, not the whole table.
ALTER TABLE "page_copies" SET (toast_tuple_target = 128);--> statement-breakpoint
UPDATE "page_copies" SET "user_id" = "links"."user_id", "link_created_at" = "links"."created_at" FROM "links" WHERE "links"."id" = "page_copies"."link_id";--> statement-breakpoint
ALTER TABLE "page_copies" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "page_copies" ALTER COLUMN "link_created_at" SET NOT NULL;
