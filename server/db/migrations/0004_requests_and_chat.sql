CREATE TABLE "autotrader_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"level" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autotrader_requests_level_valid" CHECK ("autotrader_requests"."level" in ('low', 'medium', 'high')),
	CONSTRAINT "autotrader_requests_status_valid" CHECK ("autotrader_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "chat_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint,
	"uploader_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"is_image" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_attachments_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"is_admin" boolean NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"client_message_id" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_upgrade_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_upgrade_requests_status_valid" CHECK ("plan_upgrade_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_valid";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "expert_advisor_id" integer;--> statement-breakpoint
ALTER TABLE "autotrader_requests" ADD CONSTRAINT "autotrader_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotrader_requests" ADD CONSTRAINT "autotrader_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD CONSTRAINT "plan_upgrade_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD CONSTRAINT "plan_upgrade_requests_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_upgrade_requests" ADD CONSTRAINT "plan_upgrade_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autotrader_requests_one_pending" ON "autotrader_requests" USING btree ("user_id") WHERE "autotrader_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "chat_attachments_message_id_idx" ON "chat_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "chat_messages_customer_id_idx" ON "chat_messages" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_message_id_unique" ON "chat_messages" USING btree ("sender_id","client_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_upgrade_requests_one_pending" ON "plan_upgrade_requests" USING btree ("user_id") WHERE "plan_upgrade_requests"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_expert_advisor_id_expert_advisors_id_fk" FOREIGN KEY ("expert_advisor_id") REFERENCES "public"."expert_advisors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_ea_purchase_unique" ON "ledger_entries" USING btree ("user_id","expert_advisor_id") WHERE "ledger_entries"."kind" = 'ea_purchase';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_ea_purchase_has_advisor" CHECK ("ledger_entries"."kind" <> 'ea_purchase' or "ledger_entries"."expert_advisor_id" is not null);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_valid" CHECK ("ledger_entries"."kind" in ('trade_pnl', 'ea_purchase'));