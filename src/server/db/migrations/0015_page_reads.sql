-- The queue of pages to read is named for what it holds (pages/page-reads.ts). Renamed in place,
-- with its key, foreign key and index, so that the links waiting to be read stay queued.
ALTER TABLE "title_fetches" RENAME TO "page_reads";--> statement-breakpoint
ALTER TABLE "page_reads" RENAME CONSTRAINT "title_fetches_pkey" TO "page_reads_pkey";--> statement-breakpoint
ALTER TABLE "page_reads" RENAME CONSTRAINT "title_fetches_link_id_links_id_fk" TO "page_reads_link_id_links_id_fk";--> statement-breakpoint
ALTER INDEX "title_fetches_priority_due_idx" RENAME TO "page_reads_priority_due_idx";
--> statement-breakpoint
-- PostgreSQL 18 also names each column's NOT NULL constraint after the table (older servers have none).
DO $$
DECLARE
  old_name text;
BEGIN
  FOR old_name IN SELECT conname FROM pg_constraint WHERE conrelid = '"page_reads"'::regclass AND conname LIKE 'title\_fetches\_%' LOOP
    EXECUTE format('ALTER TABLE "page_reads" RENAME CONSTRAINT %I TO %I', old_name, 'page_reads_' || substr(old_name, length('title_fetches_') + 1));
  END LOOP;
END $$;
