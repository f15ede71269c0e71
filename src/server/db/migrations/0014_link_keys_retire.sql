-- A stored link-signing key now verifies only for 90 days after it stops signing. The keys stored
-- before links carried an expiry were kept in clear: they stop signing now (a fresh, encrypted key
-- takes over; digests/link-keys.ts), and their retirement dates when links without an expiry stop
-- being read.
ALTER TABLE "link_signing_keys" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
UPDATE "link_signing_keys" SET "retired_at" = now();
