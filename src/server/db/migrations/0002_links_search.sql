DROP INDEX "links_user_created_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "link_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(notes, '') || ' ' || categories::text || ' ' || regexp_replace(url, '[^[:alnum:]]+', ' ', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "links_user_created_id_idx" ON "links" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "links_search_idx" ON "links" USING gin ("search_vector");--> statement-breakpoint
UPDATE "users" SET "link_count" = (SELECT count(*) FROM "links" WHERE "links"."user_id" = "users"."id");