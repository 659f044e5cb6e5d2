CREATE TABLE "payment_checkouts" (
	"reference" text PRIMARY KEY NOT NULL,
	"account_number" text NOT NULL,
	"bill_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"gateway_session_id" text,
	"checkout_url" text,
	"gateway_payment_id" text,
	"test_mode" boolean DEFAULT false NOT NULL,
	"portal_user_id" text,
	"receipt_to" text,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refund_due" boolean DEFAULT false NOT NULL,
	"receipt_sent_at" timestamp with time zone,
	"posted_or_number" text,
	"posted_at" timestamp with time zone,
	CONSTRAINT "payment_checkouts_gateway_session_id_unique" UNIQUE("gateway_session_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"reference" text,
	"outcome" text NOT NULL,
	"amount" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_open_bill" ON "payment_checkouts" USING btree ("bill_number") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "payment_checkouts_account" ON "payment_checkouts" USING btree ("account_number","created_at");--> statement-breakpoint
CREATE INDEX "payment_checkouts_paid_at" ON "payment_checkouts" USING btree ("paid_at");