CREATE TABLE "crypto_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"coin" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_addresses_address_unique" UNIQUE("address")
);
--> statement-breakpoint
CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reference" text NOT NULL,
	"failure_reason" text,
	"next_action" text,
	"card_brand" text,
	"card_last4" text,
	"card_exp_month" integer,
	"card_exp_year" integer,
	"crypto_coin" text,
	"crypto_network" text,
	"crypto_address" text,
	"coin_amount" numeric(28, 8),
	"tx_hash" text,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"next_confirmation_at" timestamp with time zone,
	"idempotency_key" text,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deposits_reference_unique" UNIQUE("reference"),
	CONSTRAINT "deposits_method_valid" CHECK ("deposits"."method" in ('card', 'crypto', 'wire')),
	CONSTRAINT "deposits_status_valid" CHECK ("deposits"."status" in ('pending', 'completed', 'failed', 'rejected')),
	CONSTRAINT "deposits_amount_not_negative" CHECK ("deposits"."amount" >= 0),
	CONSTRAINT "deposits_next_action_valid" CHECK ("deposits"."next_action" is null or "deposits"."next_action" = 'three_ds'),
	CONSTRAINT "deposits_card_fields" CHECK ("deposits"."method" <> 'card' or ("deposits"."card_brand" is not null and "deposits"."card_last4" ~ '^[0-9]{4}$' and "deposits"."card_exp_month" between 1 and 12 and "deposits"."card_exp_year" is not null)),
	CONSTRAINT "deposits_crypto_fields" CHECK ("deposits"."method" <> 'crypto' or ("deposits"."crypto_coin" is not null and "deposits"."crypto_network" is not null and "deposits"."crypto_address" is not null and "deposits"."coin_amount" > 0 and "deposits"."tx_hash" is not null)),
	CONSTRAINT "deposits_completed_at" CHECK (("deposits"."status" = 'completed') = ("deposits"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "savings_accruals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"balance" numeric(18, 2) NOT NULL,
	"apr_percent" numeric(7, 4) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"credited_at" timestamp with time zone,
	"ledger_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "savings_accruals_amount_not_negative" CHECK ("savings_accruals"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wire_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"reference" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wire_intents_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'in_review' NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reference" text NOT NULL,
	"destination" text NOT NULL,
	"card_deposit_id" integer,
	"crypto_coin" text,
	"crypto_network" text,
	"crypto_address" text,
	"bank_holder" text,
	"bank_iban" text,
	"bank_bic" text,
	"bank_name" text,
	"decision_reason" text,
	"payout_reference" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_reference_unique" UNIQUE("reference"),
	CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('in_review', 'approved', 'sent', 'rejected', 'cancelled')),
	CONSTRAINT "withdrawals_method_valid" CHECK ("withdrawals"."method" in ('card', 'crypto', 'bank')),
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount" > 0),
	CONSTRAINT "withdrawals_card_fields" CHECK ("withdrawals"."method" <> 'card' or "withdrawals"."card_deposit_id" is not null),
	CONSTRAINT "withdrawals_crypto_fields" CHECK ("withdrawals"."method" <> 'crypto' or ("withdrawals"."crypto_coin" is not null and "withdrawals"."crypto_network" is not null and "withdrawals"."crypto_address" is not null)),
	CONSTRAINT "withdrawals_bank_fields" CHECK ("withdrawals"."method" <> 'bank' or ("withdrawals"."bank_holder" is not null and "withdrawals"."bank_iban" is not null and "withdrawals"."bank_name" is not null)),
	CONSTRAINT "withdrawals_sent_fields" CHECK (("withdrawals"."status" = 'sent') = ("withdrawals"."sent_at" is not null and "withdrawals"."payout_reference" is not null)),
	CONSTRAINT "withdrawals_cancelled_at" CHECK (("withdrawals"."status" = 'cancelled') = ("withdrawals"."cancelled_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "account" text DEFAULT 'trading' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "deposit_id" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "withdrawal_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "savings_balance" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "crypto_addresses" ADD CONSTRAINT "crypto_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_accruals" ADD CONSTRAINT "savings_accruals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "savings_accruals" ADD CONSTRAINT "savings_accruals_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wire_intents" ADD CONSTRAINT "wire_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_card_deposit_id_deposits_id_fk" FOREIGN KEY ("card_deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_addresses_user_coin_network_unique" ON "crypto_addresses" USING btree ("user_id","coin","network");--> statement-breakpoint
CREATE INDEX "deposits_user_id_idx" ON "deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_user_idempotency_key_unique" ON "deposits" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "deposits_confirming_idx" ON "deposits" USING btree ("next_confirmation_at") WHERE "deposits"."status" = 'pending' and "deposits"."method" = 'crypto';--> statement-breakpoint
CREATE UNIQUE INDEX "savings_accruals_user_day_unique" ON "savings_accruals" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "savings_accruals_unpaid_idx" ON "savings_accruals" USING btree ("user_id","day") WHERE "savings_accruals"."credited_at" is null;--> statement-breakpoint
CREATE INDEX "wire_intents_user_id_idx" ON "wire_intents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdrawals_user_id_idx" ON "withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_idempotency_key_unique" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_account_idx" ON "ledger_entries" USING btree ("user_id","account","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_deposit_unique" ON "ledger_entries" USING btree ("deposit_id") WHERE "ledger_entries"."kind" = 'deposit';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_withdrawal_hold_unique" ON "ledger_entries" USING btree ("withdrawal_id") WHERE "ledger_entries"."kind" = 'withdrawal_hold';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_withdrawal_release_unique" ON "ledger_entries" USING btree ("withdrawal_id") WHERE "ledger_entries"."kind" = 'withdrawal_release';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_savings_transfer_key_unique" ON "ledger_entries" USING btree ("user_id","account","idempotency_key") WHERE "ledger_entries"."kind" = 'savings_transfer';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_valid" CHECK ("ledger_entries"."account" in ('trading', 'savings'));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_of_kind" CHECK (("ledger_entries"."account" = 'savings') = ("ledger_entries"."kind" = 'savings_interest' or ("ledger_entries"."kind" = 'savings_transfer' and "ledger_entries"."account" = 'savings')));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_deposit_has_deposit" CHECK (("ledger_entries"."kind" = 'deposit') = ("ledger_entries"."deposit_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_withdrawal_has_withdrawal" CHECK (("ledger_entries"."kind" in ('withdrawal_hold', 'withdrawal_release')) = ("ledger_entries"."withdrawal_id" is not null));--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_savings_transfer_has_key" CHECK ("ledger_entries"."kind" <> 'savings_transfer' or "ledger_entries"."idempotency_key" is not null);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('trade_pnl', 'ea_purchase', 'negative_balance_protection', 'adjustment', 'deposit', 'withdrawal_hold', 'withdrawal_release', 'savings_transfer', 'savings_interest'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_savings_balance_not_negative" CHECK ("users"."savings_balance" >= 0);--> statement-breakpoint
-- Every balance becomes the sum of its ledger (docs/decisions/0019-funds.md): money an account held before its history was kept (a
-- seeded balance) is booked once as its opening balance, dated when the account was made.
INSERT INTO "ledger_entries" ("user_id", "kind", "account", "adjustment_kind", "amount", "balance_after", "reason", "idempotency_key", "created_at")
SELECT u."id", 'adjustment', 'trading',
  CASE WHEN u."balance" - coalesce(l."total", 0) > 0 THEN 'deposit' ELSE 'correction' END,
  u."balance" - coalesce(l."total", 0), u."balance" - coalesce(l."total", 0), 'Opening balance', 'opening-balance',
  u."created_at"
FROM "users" u
LEFT JOIN (SELECT "user_id", sum("amount") AS "total" FROM "ledger_entries" GROUP BY "user_id") l ON l."user_id" = u."id"
WHERE u."balance" <> coalesce(l."total", 0);
