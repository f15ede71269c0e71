CREATE TABLE "title_fetches" (
	"link_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "title_fetches" ADD CONSTRAINT "title_fetches_link_id_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "title_fetches_due_idx" ON "title_fetches" USING btree ("due_at");--> statement-breakpoint
-- Title fetches still waiting in the job queue that used to carry them move to the new table.
DO $$ BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO "title_fetches" ("link_id")
      SELECT DISTINCT l.id FROM pgboss.job j JOIN "links" l ON l.id::text = j.data->>'linkId'
      WHERE j.name = 'links.fetch-title' AND j.state IN ('created', 'retry') AND l.title IS NULL
      ON CONFLICT DO NOTHING;
    DELETE FROM pgboss.job WHERE name = 'links.fetch-title' AND state IN ('created', 'retry');
  END IF;
END $$;
