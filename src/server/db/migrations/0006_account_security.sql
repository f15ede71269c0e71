ALTER TABLE "users" ADD COLUMN "verification_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tokens_revoked_at" timestamp with time zone;--> statement-breakpoint
-- Links mailed before links expired get the full 7 days from now.
UPDATE "users" SET "verification_token_expires_at" = now() + interval '7 days' WHERE "verification_token_hash" IS NOT NULL;
