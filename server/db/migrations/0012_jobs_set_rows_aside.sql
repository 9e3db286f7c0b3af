ALTER TABLE "deposits" ADD COLUMN "confirmation_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "savings_accruals" ADD COLUMN "credit_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "savings_accruals" ADD COLUMN "set_aside_reason" text;