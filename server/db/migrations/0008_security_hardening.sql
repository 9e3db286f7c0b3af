-- Sign-in failures are counted per email and client address (decision 0018). The rows counted per email alone
-- cannot be split by address, and a lock is minutes long: they are dropped.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_pkey";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "client_address" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_email_client_address_pk" PRIMARY KEY("email","client_address");--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "request_hash" text;
