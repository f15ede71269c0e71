CREATE TABLE "page_copies" (
	"link_id" uuid PRIMARY KEY NOT NULL,
	"kind" text,
	"failure" text,
	"url" text NOT NULL,
	"content_type" text,
	"title" text,
	"byline" text,
	"site_name" text,
	"excerpt" text,
	"lang" text,
	"published_at" timestamp with time zone,
	"word_count" integer,
	"reading_minutes" smallint,
	"image_url" text,
	"favicon_url" text,
	"html" text,
	"text" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(excerpt, '')), 'C') || setweight(to_tsvector('simple', left(coalesce(text, ''), 200000)), 'D')) STORED
);
--> statement-breakpoint
DROP INDEX "title_fetches_due_idx";--> statement-breakpoint
ALTER TABLE "links" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(notes, '')), 'B') || setweight(to_tsvector('simple', categories::text || ' ' || regexp_replace(url, '[^[:alnum:]]+', ' ', 'g')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "content_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "site_name" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "excerpt" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "reading_minutes" smallint;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "favicon_url" text;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "title_fetches" ADD COLUMN "priority" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "page_copies" ADD CONSTRAINT "page_copies_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_copies_search_idx" ON "page_copies" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "title_fetches_priority_due_idx" ON "title_fetches" USING btree ("priority","due_at" DESC NULLS LAST);--> statement-breakpoint
-- Dropping the search vector above dropped its index: built again over the weighted vector.
CREATE INDEX "links_search_idx" ON "links" USING gin ("search_vector");
