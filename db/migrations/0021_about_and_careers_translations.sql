ALTER TABLE "about_contents" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "careers" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;