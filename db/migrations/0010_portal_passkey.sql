CREATE TABLE "portal_passkey" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"counter" integer NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone,
	"aaguid" text
);
--> statement-breakpoint
ALTER TABLE "portal_passkey" ADD CONSTRAINT "portal_passkey_user_id_portal_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."portal_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_passkey_user_idx" ON "portal_passkey" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "portal_passkey_credential_idx" ON "portal_passkey" USING btree ("credential_id");