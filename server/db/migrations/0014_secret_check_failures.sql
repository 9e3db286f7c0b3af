CREATE TABLE "secret_check_failures" (
	"user_id" integer NOT NULL,
	"secret" text NOT NULL,
	"lane" text NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "secret_check_failures_user_id_secret_lane_pk" PRIMARY KEY("user_id","secret","lane"),
	CONSTRAINT "secret_check_failures_secret_valid" CHECK ("secret_check_failures"."secret" in ('second_factor', 'password'))
);
--> statement-breakpoint
ALTER TABLE "secret_check_failures" ADD CONSTRAINT "secret_check_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "secret_check_failures_window_started_at_idx" ON "secret_check_failures" USING btree ("window_started_at");