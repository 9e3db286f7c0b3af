CREATE TABLE "realtime_credentials" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pusher_app_id" text NOT NULL,
	"pusher_key" text NOT NULL,
	"pusher_secret" text NOT NULL,
	"price_api_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_credentials_single_row" CHECK ("realtime_credentials"."id" = 1)
);
