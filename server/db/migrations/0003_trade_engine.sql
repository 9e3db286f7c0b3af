CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"balance_after" numeric(18, 2) NOT NULL,
	"trade_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('trade_pnl')),
	CONSTRAINT "ledger_entries_trade_pnl_has_trade" CHECK ("ledger_entries"."kind" <> 'trade_pnl' or "ledger_entries"."trade_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "trades" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"side" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"volume_lots" numeric(10, 2) NOT NULL,
	"volume_units" numeric(24, 6) NOT NULL,
	"contract_size" numeric(18, 4) NOT NULL,
	"leverage" numeric NOT NULL,
	"opening_price" numeric(24, 10) NOT NULL,
	"closing_price" numeric(24, 10),
	"take_profit" numeric(24, 10) DEFAULT 0 NOT NULL,
	"stop_loss" numeric(24, 10) DEFAULT 0 NOT NULL,
	"margin" numeric(18, 2) DEFAULT '0' NOT NULL,
	"pnl" numeric(18, 2),
	"close_reason" text,
	"idempotency_key" text NOT NULL,
	"requested" jsonb NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "trades_side_valid" CHECK ("trades"."side" in ('buy', 'sell')),
	CONSTRAINT "trades_status_valid" CHECK ("trades"."status" in ('open', 'closed')),
	CONSTRAINT "trades_close_reason_valid" CHECK ("trades"."close_reason" is null or "trades"."close_reason" in ('user', 'take_profit', 'stop_loss')),
	CONSTRAINT "trades_closed_fields" CHECK (("trades"."status" = 'open') = ("trades"."closed_at" is null and "trades"."closing_price" is null and "trades"."pnl" is null and "trades"."close_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_trade_id_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."trades"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_id_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_trade_pnl_unique" ON "ledger_entries" USING btree ("trade_id") WHERE "ledger_entries"."kind" = 'trade_pnl';--> statement-breakpoint
CREATE UNIQUE INDEX "trades_user_idempotency_key_unique" ON "trades" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "trades_user_status_idx" ON "trades" USING btree ("user_id","status");