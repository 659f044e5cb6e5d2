CREATE TYPE "public"."discount_program" AS ENUM('lifeline', 'senior');--> statement-breakpoint
CREATE TYPE "public"."payment_channel" AS ENUM('office', 'collector', 'bank', 'e-wallet');--> statement-breakpoint
CREATE TABLE "bill_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_number" text NOT NULL,
	"revision" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"bill_number" text PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"rate_class" text NOT NULL,
	"billing_year" integer NOT NULL,
	"billing_month" integer NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"reading_date" date NOT NULL,
	"previous_reading" numeric(14, 2) NOT NULL,
	"present_reading" numeric(14, 2) NOT NULL,
	"multiplier" numeric(10, 4) NOT NULL,
	"kwh" numeric(14, 2) NOT NULL,
	"demand_kw" numeric(12, 3),
	"lifeline" boolean NOT NULL,
	"senior" boolean NOT NULL,
	"charges" jsonb NOT NULL,
	"vat" jsonb NOT NULL,
	"lifeline_discount" bigint NOT NULL,
	"senior_discount" bigint NOT NULL,
	"other_label" text DEFAULT '' NOT NULL,
	"other_amount" bigint NOT NULL,
	"arrears" bigint NOT NULL,
	"total_due" bigint NOT NULL,
	"due_date" date NOT NULL,
	"disconnection_date" date,
	"content_hash" text NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"differences" jsonb,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"program" "discount_program" NOT NULL,
	"min_kwh" integer NOT NULL,
	"max_kwh" integer NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	CONSTRAINT "discount_tiers_range" CHECK ("discount_tiers"."min_kwh" <= "discount_tiers"."max_kwh")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"or_number" text PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"paid_on" date NOT NULL,
	"amount" bigint NOT NULL,
	"channel" "payment_channel" NOT NULL,
	"content_hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_classes" (
	"code" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_schedule" (
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"class_code" text NOT NULL,
	"component" text NOT NULL,
	"rate" numeric(14, 6) NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"publish_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_schedule_month" CHECK ("rate_schedule"."month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "rate_schedule" ADD CONSTRAINT "rate_schedule_class_code_rate_classes_code_fk" FOREIGN KEY ("class_code") REFERENCES "public"."rate_classes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_revisions_key" ON "bill_revisions" USING btree ("bill_number","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_tokens_hash" ON "billing_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "bills_account_idx" ON "bills" USING btree ("account_number","period_to");--> statement-breakpoint
CREATE INDEX "bills_differences_idx" ON "bills" USING btree ("billing_year","billing_month") WHERE jsonb_array_length("bills"."differences") > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_tiers_key" ON "discount_tiers" USING btree ("program","max_kwh");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_number","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_schedule_key" ON "rate_schedule" USING btree ("year","month","class_code","component");--> statement-breakpoint
-- The classes the site has always had, and RA 11552's and RA 9994's tiers as a starting point (the console's data from here on).
INSERT INTO "rate_classes" ("code", "label", "position") VALUES ('R', 'Residential', 1), ('LV', 'Commercial / Low Voltage', 2), ('HV', 'High Voltage', 3);--> statement-breakpoint
INSERT INTO "discount_tiers" ("program", "min_kwh", "max_kwh", "percent") VALUES ('lifeline', 0, 20, 100), ('lifeline', 21, 50, 50), ('lifeline', 51, 70, 35), ('lifeline', 71, 100, 20), ('senior', 0, 100, 5);
