ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "trades" DROP CONSTRAINT "trades_close_reason_valid";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_protection_unique" ON "ledger_entries" USING btree ("trade_id") WHERE "ledger_entries"."kind" = 'negative_balance_protection';--> statement-breakpoint
CREATE INDEX "trades_open_idx" ON "trades" USING btree ("id") WHERE "trades"."status" = 'open';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_protection_has_trade" CHECK ("ledger_entries"."kind" <> 'negative_balance_protection' or "ledger_entries"."trade_id" is not null);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('trade_pnl', 'ea_purchase', 'negative_balance_protection'));--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_close_reason_valid" CHECK ("trades"."close_reason" is null or "trades"."close_reason" in ('user', 'take_profit', 'stop_loss', 'stop_out'));