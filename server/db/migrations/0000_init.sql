CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"symbol_display" text NOT NULL,
	"sy" text NOT NULL,
	"type" text NOT NULL,
	"category" text NOT NULL,
	"image" text,
	"tv_symbol" text NOT NULL,
	"rate" numeric(24, 10) NOT NULL,
	"price_low" numeric(24, 10) NOT NULL,
	"price_high" numeric(24, 10) NOT NULL,
	"change" numeric(24, 10) NOT NULL,
	"change_percent" numeric(12, 4) NOT NULL,
	"volume" numeric(24, 2) NOT NULL,
	"buy_spread" numeric(12, 8) NOT NULL,
	"sell_spread" numeric(12, 8) NOT NULL,
	"contract_size" numeric(18, 4) NOT NULL,
	"position" numeric(18, 4) NOT NULL,
	"leverage" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_asset_id_unique" UNIQUE("asset_id"),
	CONSTRAINT "assets_type_valid" CHECK ("assets"."type" in ('forex', 'stocks', 'crypto', 'commodities', 'indices', 'metals'))
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"rate" numeric(18, 8) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expert_advisors" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"price_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"image" text,
	"type" text DEFAULT 'expert_advisor' NOT NULL,
	"rating" numeric(3, 2) DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"required_plan_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expert_advisors_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"color" text DEFAULT 'info' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_features" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"kind" text DEFAULT 'text' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plan_features_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"icon" text,
	"image" text,
	"leverage" integer NOT NULL,
	"price_usd" numeric(18, 2) DEFAULT '0' NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"features" jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_single_row" CHECK ("site_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "user_expert_advisors" (
	"user_id" integer NOT NULL,
	"expert_advisor_id" integer NOT NULL,
	"running" boolean DEFAULT false NOT NULL,
	"purchased_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_expert_advisors_user_id_expert_advisor_id_pk" PRIMARY KEY("user_id","expert_advisor_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"country" text,
	"nationality" text,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'customer' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"account_id" text NOT NULL,
	"avatar" text,
	"balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit_balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"account_type_id" integer,
	"autotrader" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "users_email_lowercase" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_valid" CHECK ("users"."role" in ('customer', 'admin')),
	CONSTRAINT "users_status_valid" CHECK ("users"."status" in ('pending', 'active', 'deactivated')),
	CONSTRAINT "users_account_id_format" CHECK ("users"."account_id" ~ '^CFD[0-9]{7}$')
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expert_advisors" ADD CONSTRAINT "expert_advisors_required_plan_id_plans_id_fk" FOREIGN KEY ("required_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_expert_advisors" ADD CONSTRAINT "user_expert_advisors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_expert_advisors" ADD CONSTRAINT "user_expert_advisors_expert_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("expert_advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_type_id_plans_id_fk" FOREIGN KEY ("account_type_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_id_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id");