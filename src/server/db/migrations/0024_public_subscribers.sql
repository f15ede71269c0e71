CREATE TABLE "category_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"unsubscribed_reason" text
);
--> statement-breakpoint
CREATE TABLE "subscriber_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscriber_digest_day" smallint DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "subscriber_digest_hour" smallint DEFAULT 9 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "subscriber_digest_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "subscriber_digest_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "subscriber_digest_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "subscriber_id" uuid;--> statement-breakpoint
ALTER TABLE "category_subscribers" ADD CONSTRAINT "category_subscribers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriber_tokens" ADD CONSTRAINT "subscriber_tokens_subscriber_id_category_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."category_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_subscribers_address_unique" ON "category_subscribers" USING btree ("category_id",lower("email"));--> statement-breakpoint
CREATE INDEX "subscriber_tokens_subscriber_idx" ON "subscriber_tokens" USING btree ("subscriber_id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_subscriber_id_category_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."category_subscribers"("id") ON DELETE set null ON UPDATE no action;