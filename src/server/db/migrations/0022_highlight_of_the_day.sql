ALTER TABLE "users" ADD COLUMN "digest_highlight" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "highlights" ADD COLUMN "digest_shown_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "highlights" ADD COLUMN "digest_hidden" boolean DEFAULT false NOT NULL;