ALTER TABLE "payments" ADD COLUMN "reference" text;--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("reference");