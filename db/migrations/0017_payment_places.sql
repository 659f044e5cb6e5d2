CREATE TYPE "public"."payment_place_kind" AS ENUM('office', 'collector', 'outlet', 'wallet');--> statement-breakpoint
CREATE TABLE "payment_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "payment_place_kind" NOT NULL,
	"name" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
