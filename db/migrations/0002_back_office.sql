CREATE TYPE "public"."alert_channel" AS ENUM('email', 'sms', 'push');--> statement-breakpoint
CREATE TYPE "public"."alert_delivery_state" AS ENUM('queued', 'sending', 'sent', 'retrying', 'failed', 'not_configured', 'paused', 'held');--> statement-breakpoint
CREATE TYPE "public"."incident_status" AS ENUM('received', 'verified', 'crew-assigned', 'crew-on-site', 'restored', 'duplicate', 'not-ours');--> statement-breakpoint
CREATE TYPE "public"."report_kind" AS ENUM('no-power', 'partial-power', 'line-down', 'pole', 'tree', 'meter', 'other');--> statement-breakpoint
CREATE TYPE "public"."report_source" AS ENUM('web', 'me-too', 'open311');--> statement-breakpoint
CREATE TYPE "public"."private_link_kind" AS ENUM('agam-confirmation', 'connection-summary');--> statement-breakpoint
CREATE TABLE "alert_channel_settings" (
	"channel" "alert_channel" NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" text DEFAULT '' NOT NULL,
	CONSTRAINT "alert_channel_settings_channel_pk" PRIMARY KEY("channel")
);
--> statement-breakpoint
CREATE TABLE "alert_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"channel" "alert_channel" NOT NULL,
	"text" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"interruption_id" integer NOT NULL,
	"event_key" text NOT NULL,
	"channel" "alert_channel" NOT NULL,
	"state" "alert_delivery_state" DEFAULT 'queued' NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"last_error" text,
	"gateway_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_attempts" CHECK ("alert_deliveries"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "alert_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"channel" "alert_channel" NOT NULL,
	"address" text NOT NULL,
	"keys" jsonb,
	"secret_hash" text,
	"secret_expires_at" timestamp with time zone,
	"tries" smallint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_fanouts" (
	"event_id" integer PRIMARY KEY NOT NULL,
	"deliveries" integer NOT NULL,
	"fanned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_subscriber_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscriber_id" integer NOT NULL,
	"town" "town" NOT NULL,
	"barangay_id" integer
);
--> statement-breakpoint
CREATE TABLE "alert_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"manage_token" text NOT NULL,
	"notify_finished" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "alert_subscribers_manage_token_unique" UNIQUE("manage_token")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "staff_account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_enrolment" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_passkey" (
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
CREATE TABLE "staff_secret" (
	"id" integer PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "staff_session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "staff_two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"two_factor_enabled" boolean DEFAULT false NOT NULL,
	"role" text NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "staff_user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "staff_verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "barangay_power" (
	"barangay_id" integer PRIMARY KEY NOT NULL,
	"consumers" integer DEFAULT 0 NOT NULL,
	"consumers_off" integer DEFAULT 0 NOT NULL,
	"etr" timestamp with time zone,
	"crews" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_updates" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"status" "incident_status" NOT NULL,
	"etr" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "report_kind" NOT NULL,
	"barangay_id" integer NOT NULL,
	"status" "incident_status" DEFAULT 'received' NOT NULL,
	"etr" timestamp with time zone,
	"report_count" integer DEFAULT 0 NOT NULL,
	"last_report_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duplicate_of_id" integer
);
--> statement-breakpoint
CREATE TABLE "major_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"declared_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "open311_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outage_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"incident_id" integer NOT NULL,
	"reference" text NOT NULL,
	"status_token" text NOT NULL,
	"source" "report_source" DEFAULT 'web' NOT NULL,
	"landmark" text DEFAULT '' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"account_number" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"update_id" integer,
	"outcome" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_photos" (
	"report_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agam_proofs" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agam_verifications" (
	"account_number" text PRIMARY KEY NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_sent_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failures_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "private_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" "private_link_kind" NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_consents" ADD CONSTRAINT "alert_consents_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_interruption_id_power_interruptions_id_fk" FOREIGN KEY ("interruption_id") REFERENCES "public"."power_interruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_endpoints" ADD CONSTRAINT "alert_endpoints_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_fanouts" ADD CONSTRAINT "alert_fanouts_event_id_interruption_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."interruption_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriber_areas" ADD CONSTRAINT "alert_subscriber_areas_subscriber_id_alert_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."alert_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_subscriber_areas" ADD CONSTRAINT "alert_subscriber_areas_barangay_id_barangays_id_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_account" ADD CONSTRAINT "staff_account_user_id_staff_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_enrolment" ADD CONSTRAINT "staff_enrolment_user_id_staff_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_passkey" ADD CONSTRAINT "staff_passkey_user_id_staff_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_user_id_staff_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_two_factor" ADD CONSTRAINT "staff_two_factor_user_id_staff_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."staff_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "barangay_power" ADD CONSTRAINT "barangay_power_barangay_id_barangays_id_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_updates" ADD CONSTRAINT "incident_updates_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_barangay_id_barangays_id_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outage_reports" ADD CONSTRAINT "outage_reports_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_messages" ADD CONSTRAINT "report_messages_report_id_outage_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."outage_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_messages" ADD CONSTRAINT "report_messages_update_id_incident_updates_id_fk" FOREIGN KEY ("update_id") REFERENCES "public"."incident_updates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_photos" ADD CONSTRAINT "report_photos_report_id_outage_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."outage_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agam_proofs" ADD CONSTRAINT "agam_proofs_account_number_agam_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."agam_accounts"("account_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agam_verifications" ADD CONSTRAINT "agam_verifications_account_number_agam_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."agam_accounts"("account_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once" ON "alert_deliveries" USING btree ("subscriber_id","interruption_id","event_key","channel");--> statement-breakpoint
CREATE INDEX "alert_deliveries_interruption" ON "alert_deliveries" USING btree ("interruption_id");--> statement-breakpoint
CREATE INDEX "alert_deliveries_state" ON "alert_deliveries" USING btree ("channel","state");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_endpoints_subscriber_channel" ON "alert_endpoints" USING btree ("subscriber_id","channel");--> statement-breakpoint
CREATE INDEX "alert_endpoints_address" ON "alert_endpoints" USING btree ("channel","address");--> statement-breakpoint
CREATE INDEX "alert_subscriber_areas_town" ON "alert_subscriber_areas" USING btree ("town");--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriber_areas_unique" ON "alert_subscriber_areas" USING btree ("subscriber_id","town",coalesce("barangay_id", 0));--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_at_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
CREATE INDEX "audit_log_object_idx" ON "audit_log" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_ip_at_idx" ON "audit_log" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "staff_account_user_idx" ON "staff_account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_enrolment_user_idx" ON "staff_enrolment" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_passkey_user_idx" ON "staff_passkey" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_passkey_credential_idx" ON "staff_passkey" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "staff_session_user_idx" ON "staff_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_two_factor_user_idx" ON "staff_two_factor" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "staff_two_factor_secret_idx" ON "staff_two_factor" USING btree ("secret");--> statement-breakpoint
CREATE INDEX "staff_verification_identifier_idx" ON "staff_verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "incident_updates_incident" ON "incident_updates" USING btree ("incident_id","occurred_at");--> statement-breakpoint
CREATE INDEX "incidents_open" ON "incidents" USING btree ("barangay_id","kind","last_report_at");--> statement-breakpoint
CREATE INDEX "incidents_updated" ON "incidents" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "open311_keys_hash" ON "open311_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "outage_reports_reference" ON "outage_reports" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "outage_reports_token" ON "outage_reports" USING btree ("status_token");--> statement-breakpoint
CREATE INDEX "outage_reports_incident" ON "outage_reports" USING btree ("incident_id");--> statement-breakpoint
CREATE INDEX "agam_proofs_account" ON "agam_proofs" USING btree ("account_number");