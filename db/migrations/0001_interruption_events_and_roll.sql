CREATE TYPE "public"."interruption_event_kind" AS ENUM('published', 'changed', 'moved', 'extended', 'ongoing', 'finished', 'cancelled');--> statement-breakpoint
CREATE TABLE "interruption_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"interruption_id" integer NOT NULL,
	"kind" "interruption_event_kind" NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agam_accounts" ADD COLUMN "town" "town";--> statement-breakpoint
ALTER TABLE "agam_accounts" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "interruption_events" ADD CONSTRAINT "interruption_events_interruption_id_power_interruptions_id_fk" FOREIGN KEY ("interruption_id") REFERENCES "public"."power_interruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interruption_events_interruption" ON "interruption_events" USING btree ("interruption_id","occurred_at");