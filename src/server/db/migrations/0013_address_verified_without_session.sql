-- An address verified from a browser without a session of its account: ADMIN_EMAILS gives it no
-- rights until a password is chosen through a reset mail (docs/security.md). Existing accounts keep theirs.
ALTER TABLE "users" ADD COLUMN "verified_without_session" boolean DEFAULT false NOT NULL;
