ALTER TABLE "users" ADD COLUMN "digest_from_stash" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_weekly_recap" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "resurfaced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "links" ADD COLUMN "snoozed_at" timestamp with time zone;