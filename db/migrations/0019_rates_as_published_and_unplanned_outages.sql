CREATE TYPE "public"."interruption_kind" AS ENUM('planned', 'unplanned');--> statement-breakpoint
CREATE TABLE "bill_check_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"tolerance_centavos" integer DEFAULT 0 NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_check_settings_one_row" CHECK ("bill_check_settings"."id" = 1),
	CONSTRAINT "bill_check_settings_tolerance" CHECK ("bill_check_settings"."tolerance_centavos" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "rate_schedule" ALTER COLUMN "vat_percent" SET DATA TYPE numeric(7, 4);--> statement-breakpoint
ALTER TABLE "rate_schedule" ALTER COLUMN "vat_percent" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "rate_schedule" ADD COLUMN "vat_per_unit" numeric(14, 6);--> statement-breakpoint
ALTER TABLE "power_interruptions" ADD COLUMN "kind" "interruption_kind" DEFAULT 'planned' NOT NULL;--> statement-breakpoint
ALTER TABLE "power_interruptions" ADD COLUMN "end_known" boolean DEFAULT true NOT NULL;