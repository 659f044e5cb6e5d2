CREATE TABLE "portal_ebills" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_number" text NOT NULL,
	"bill_number" text NOT NULL,
	"revision" integer NOT NULL,
	"address" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "portal_ebills" ADD CONSTRAINT "portal_ebills_user_id_portal_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "portal_ebills_once" ON "portal_ebills" USING btree ("user_id","bill_number","revision");--> statement-breakpoint
CREATE INDEX "portal_ebills_state_idx" ON "portal_ebills" USING btree ("state");