-- Photos stored before this change were re-encoded in the request: they are ready.
ALTER TABLE "report_photos" ADD COLUMN "state" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_photos" ALTER COLUMN "state" SET DEFAULT 'received';--> statement-breakpoint
CREATE INDEX "report_photos_received" ON "report_photos" USING btree ("report_id") WHERE "report_photos"."state" = 'received';
