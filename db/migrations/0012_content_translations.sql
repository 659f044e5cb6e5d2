ALTER TABLE "announcements" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "news_items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "power_interruptions" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;