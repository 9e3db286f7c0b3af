CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"target_user_id" integer,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"request_id" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "autotrader_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "adjustment_kind" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_refused_order" jsonb;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_adjustment_key_unique" ON "ledger_entries" USING btree ("user_id","idempotency_key") WHERE "ledger_entries"."kind" = 'adjustment';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_adjustment_complete" CHECK ("ledger_entries"."kind" <> 'adjustment' or ("ledger_entries"."adjustment_kind" in ('deposit', 'withdrawal', 'credit', 'correction') and "ledger_entries"."reason" is not null and "ledger_entries"."idempotency_key" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('trade_pnl', 'ea_purchase', 'negative_balance_protection', 'adjustment'));