CREATE TABLE "factor_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"consecutive" integer DEFAULT 0 NOT NULL,
	"suspended_at" timestamp with time zone
);
