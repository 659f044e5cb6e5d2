CREATE TYPE "public"."announcement_kind" AS ENUM('bid', 'advisory');--> statement-breakpoint
CREATE TYPE "public"."agam_area" AS ENUM('north', 'south');--> statement-breakpoint
CREATE TYPE "public"."interruption_status" AS ENUM('scheduled', 'ongoing', 'finished', 'cancelled', 'extended');--> statement-breakpoint
CREATE TYPE "public"."news_kind" AS ENUM('electricity-rates', 'events-and-activities', 'invitation-to-bid', 'supply-and-load-demand');--> statement-breakpoint
CREATE TYPE "public"."rate_type" AS ENUM('R', 'LV', 'HV');--> statement-breakpoint
CREATE TYPE "public"."town" AS ENUM('Bolinao', 'Anda', 'Bani', 'Agno', 'Alaminos', 'Burgos', 'Mabini', 'Dasol', 'Infanta');--> statement-breakpoint
CREATE TABLE "about_contents" (
	"key" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"year" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "about_key" CHECK ("about_contents"."key" in ('profile','mission','vision','core'))
);
--> statement-breakpoint
CREATE TABLE "agam_accounts" (
	"account_number" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"membership_number" text NOT NULL,
	"address" text NOT NULL,
	"district" smallint NOT NULL,
	"area" "agam_area" NOT NULL,
	"phone" text,
	"email" text,
	CONSTRAINT "agam_accounts_membership_number_unique" UNIQUE("membership_number"),
	CONSTRAINT "agam_accounts_number" CHECK ("agam_accounts"."account_number" ~ '^[0-9]{2}-[0-9]{4}-[0-9]{4}$'),
	CONSTRAINT "agam_accounts_district" CHECK ("agam_accounts"."district" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "agam_decisions" (
	"registration_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"topic_sequence_number" integer NOT NULL,
	"answer_value" smallint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "agam_decisions_registration_id_topic_id_pk" PRIMARY KEY("registration_id","topic_id"),
	CONSTRAINT "agam_decisions_value" CHECK ("agam_decisions"."answer_value" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "agam_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"account_number" text NOT NULL,
	"origin" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agam_registrations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "agam_registrations_account_number_unique" UNIQUE("account_number")
);
--> statement-breakpoint
CREATE TABLE "agam_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"sequence_number" integer NOT NULL,
	"topic" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "agam_topics_sequence_number_unique" UNIQUE("sequence_number")
);
--> statement-breakpoint
CREATE TABLE "announcement_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"announcement_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "announcement_kind" NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "barangays" (
	"id" serial PRIMARY KEY NOT NULL,
	"town" "town" NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branch_phones" (
	"id" serial PRIMARY KEY NOT NULL,
	"branch_id" integer NOT NULL,
	"number" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"office_name" text NOT NULL,
	"address" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"career_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "careers" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_title" text NOT NULL,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "connection_preregistrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"suffix" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"age" smallint NOT NULL,
	"gender" text NOT NULL,
	"civil_status" text NOT NULL,
	"contact_numbers" text NOT NULL,
	"nearest_account_number" text DEFAULT '' NOT NULL,
	"educational_attainment" text NOT NULL,
	"occupation" text NOT NULL,
	"dependents" smallint DEFAULT 0 NOT NULL,
	"religion" text DEFAULT '' NOT NULL,
	"annual_income" text DEFAULT '' NOT NULL,
	"tin" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connection_preregistrations_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "gallery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"caption" text NOT NULL,
	"alt" text NOT NULL,
	"file_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "generation_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"source_name" text NOT NULL,
	"source_queue" integer NOT NULL,
	"percent_kwh_purchased" numeric(12, 4) NOT NULL,
	"kwh_purchased" numeric(16, 2) NOT NULL,
	"basic_generation_cost" numeric(16, 2) NOT NULL,
	"other_cost_adjustment" numeric(16, 2) NOT NULL,
	"total_generation_cost" numeric(16, 2) NOT NULL,
	"prompt_payment_discount" numeric(16, 2) NOT NULL,
	"pilferage_cost_recoveries" numeric(16, 2) NOT NULL,
	"other_generation_cost_adjustment" numeric(16, 2) NOT NULL,
	"generation_rate" numeric(12, 4) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"tag" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_categories_tag_unique" UNIQUE("tag")
);
--> statement-breakpoint
CREATE TABLE "news_item_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_item_id" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "news_kind" NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "official_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"type" "rate_type" NOT NULL,
	"amount" numeric(12, 4) NOT NULL,
	CONSTRAINT "official_rates_month" CHECK ("official_rates"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"logo_file_name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "power_interruption_barangays" (
	"interruption_id" integer NOT NULL,
	"barangay_id" integer NOT NULL,
	CONSTRAINT "power_interruption_barangays_interruption_id_barangay_id_pk" PRIMARY KEY("interruption_id","barangay_id")
);
--> statement-breakpoint
CREATE TABLE "power_interruption_towns" (
	"interruption_id" integer NOT NULL,
	"town" "town" NOT NULL,
	CONSTRAINT "power_interruption_towns_interruption_id_town_pk" PRIMARY KEY("interruption_id","town")
);
--> statement-breakpoint
CREATE TABLE "power_interruptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"activities" text NOT NULL,
	"affected_areas" text NOT NULL,
	"circuit_to_be_opened" text NOT NULL,
	"status" "interruption_status" DEFAULT 'scheduled' NOT NULL,
	"status_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "power_interruptions_order" CHECK ("power_interruptions"."ends_at" > "power_interruptions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"name" text PRIMARY KEY NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"name" text NOT NULL,
	"respondent_name" text NOT NULL,
	"city" text NOT NULL,
	"email" text NOT NULL,
	"contact_number" text NOT NULL,
	"reconnection_time" smallint,
	"service_return_speed" smallint,
	"voltage_issues" smallint,
	"reconnection_after_payment" smallint,
	"service_courtesy" smallint,
	"suggestions" text DEFAULT '' NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"privacy_notice_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "survey_responses_account_number_unique" UNIQUE("account_number"),
	CONSTRAINT "survey_ratings" CHECK (coalesce("survey_responses"."reconnection_time", 1) between 1 and 4 and coalesce("survey_responses"."service_return_speed", 1) between 1 and 4 and coalesce("survey_responses"."voltage_issues", 1) between 1 and 4 and coalesce("survey_responses"."reconnection_after_payment", 1) between 1 and 4 and coalesce("survey_responses"."service_courtesy", 1) between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "used_captchas" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agam_decisions" ADD CONSTRAINT "agam_decisions_registration_id_agam_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."agam_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agam_decisions" ADD CONSTRAINT "agam_decisions_topic_id_agam_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."agam_topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agam_registrations" ADD CONSTRAINT "agam_registrations_account_number_agam_accounts_account_number_fk" FOREIGN KEY ("account_number") REFERENCES "public"."agam_accounts"("account_number") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_attachments" ADD CONSTRAINT "announcement_attachments_file_name_stored_files_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."stored_files"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_phones" ADD CONSTRAINT "branch_phones_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_attachments" ADD CONSTRAINT "career_attachments_career_id_careers_id_fk" FOREIGN KEY ("career_id") REFERENCES "public"."careers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_attachments" ADD CONSTRAINT "career_attachments_file_name_stored_files_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."stored_files"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_images" ADD CONSTRAINT "gallery_images_file_name_stored_files_name_fk" FOREIGN KEY ("file_name") REFERENCES "public"."stored_files"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_item_images" ADD CONSTRAINT "news_item_images_news_item_id_news_items_id_fk" FOREIGN KEY ("news_item_id") REFERENCES "public"."news_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_logo_file_name_stored_files_name_fk" FOREIGN KEY ("logo_file_name") REFERENCES "public"."stored_files"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_interruption_barangays" ADD CONSTRAINT "power_interruption_barangays_interruption_id_power_interruptions_id_fk" FOREIGN KEY ("interruption_id") REFERENCES "public"."power_interruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_interruption_barangays" ADD CONSTRAINT "power_interruption_barangays_barangay_id_barangays_id_fk" FOREIGN KEY ("barangay_id") REFERENCES "public"."barangays"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "power_interruption_towns" ADD CONSTRAINT "power_interruption_towns_interruption_id_power_interruptions_id_fk" FOREIGN KEY ("interruption_id") REFERENCES "public"."power_interruptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agam_registrations_registered" ON "agam_registrations" USING btree ("registered_at");--> statement-breakpoint
CREATE INDEX "announcements_kind_created" ON "announcements" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "barangays_town_name" ON "barangays" USING btree ("town","name");--> statement-breakpoint
CREATE UNIQUE INDEX "generation_charges_month_queue" ON "generation_charges" USING btree ("year","month","source_queue");--> statement-breakpoint
CREATE INDEX "news_items_kind_created" ON "news_items" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "official_rates_month_type" ON "official_rates" USING btree ("year","month","type");--> statement-breakpoint
CREATE INDEX "power_interruptions_starts" ON "power_interruptions" USING btree ("starts_at");