CREATE TYPE "public"."connection_status" AS ENUM('received', 'documents-checked', 'seminar-scheduled', 'inspection', 'approved', 'energized', 'declined');--> statement-breakpoint
CREATE TABLE "connection_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"preregistration_id" integer NOT NULL,
	"author_id" text,
	"author_email" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_queue" (
	"preregistration_id" integer PRIMARY KEY NOT NULL,
	"status" "connection_status" DEFAULT 'received' NOT NULL,
	"seminar_date" date,
	"inspection_date" date,
	"decline_reason" text DEFAULT '' NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "agam_anonymous_votes" (
	"registration_key" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"district" smallint NOT NULL,
	"answer_value" smallint NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"anonymized_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agam_anonymous_votes_value" CHECK ("agam_anonymous_votes"."answer_value" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "agam_window" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agam_window_single" CHECK ("agam_window"."id" = 1),
	CONSTRAINT "agam_window_order" CHECK ("agam_window"."closes_at" > "agam_window"."opens_at")
);
--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "publication" "publication" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news_categories" ADD COLUMN "publication" "publication" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news_categories" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_categories" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "publication" "publication" DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "connection_notes" ADD CONSTRAINT "connection_notes_preregistration_id_connection_preregistrations_id_fk" FOREIGN KEY ("preregistration_id") REFERENCES "public"."connection_preregistrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_notes" ADD CONSTRAINT "connection_notes_author_id_staff_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_queue" ADD CONSTRAINT "connection_queue_preregistration_id_connection_preregistrations_id_fk" FOREIGN KEY ("preregistration_id") REFERENCES "public"."connection_preregistrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_queue" ADD CONSTRAINT "connection_queue_updated_by_staff_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agam_anonymous_votes" ADD CONSTRAINT "agam_anonymous_votes_topic_id_agam_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."agam_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "connection_notes_prereg_idx" ON "connection_notes" USING btree ("preregistration_id","created_at");--> statement-breakpoint
CREATE INDEX "connection_queue_status_idx" ON "connection_queue" USING btree ("status");--> statement-breakpoint
CREATE INDEX "agam_anonymous_votes_topic" ON "agam_anonymous_votes" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "agam_anonymous_votes_key" ON "agam_anonymous_votes" USING btree ("registration_key");