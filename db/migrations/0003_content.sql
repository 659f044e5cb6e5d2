CREATE TYPE "public"."publication" AS ENUM('draft', 'published', 'archived');--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"version" integer NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "publication" "publication" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "careers" ADD COLUMN "publication" "publication" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "careers" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "careers" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "careers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "generation_charges" ADD COLUMN "publish_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "publication" "publication" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "official_rates" ADD COLUMN "publish_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "power_interruptions" ADD COLUMN "publication" "publication" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "power_interruptions" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "power_interruptions" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "power_interruptions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "content_revisions_version" ON "content_revisions" USING btree ("kind","entity_id","version");--> statement-breakpoint
CREATE INDEX "content_revisions_created" ON "content_revisions" USING btree ("created_at");