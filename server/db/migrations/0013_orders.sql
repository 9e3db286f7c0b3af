CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"side" text NOT NULL,
	"order_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price" numeric(24, 10) NOT NULL,
	"volume_lots" numeric(10, 2) NOT NULL,
	"volume_units" numeric(24, 6) NOT NULL,
	"take_profit" numeric(24, 10) DEFAULT 0 NOT NULL,
	"stop_loss" numeric(24, 10) DEFAULT 0 NOT NULL,
	"trailing_stop" numeric(24, 10) DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"trade_id" integer,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_side_valid" CHECK ("orders"."side" in ('buy', 'sell')),
	CONSTRAINT "orders_type_valid" CHECK ("orders"."order_type" in ('limit', 'stop')),
	CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('pending', 'filled', 'cancelled', 'expired')),
	CONSTRAINT "orders_reason_valid" CHECK ("orders"."reason" is null or "orders"."reason" in ('user', 'insufficient_margin', 'account_inactive', 'expired')),
	CONSTRAINT "orders_closed_at" CHECK (("orders"."status" = 'pending') = ("orders"."closed_at" is null))
);
--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "trailing_stop" numeric(24, 10) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_key_unique" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_status_idx" ON "orders" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("id") WHERE "orders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trades_order_id_unique" ON "trades" USING btree ("order_id") WHERE "trades"."order_id" is not null;