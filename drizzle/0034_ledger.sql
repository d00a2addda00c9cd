CREATE TYPE "public"."ledger_account_kind" AS ENUM('platform_cash', 'connected_cash', 'guest_receivable', 'platform_fees', 'earnings_held', 'earnings_transferred', 'adjustments');--> statement-breakpoint
CREATE TYPE "public"."ledger_transaction_kind" AS ENUM('booking_charge', 'payment_collected', 'refund', 'transfer', 'transfer_reversal', 'payout', 'job_cost', 'adjustment');--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "ledger_account_kind" NOT NULL,
	"party_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_party_named" CHECK (("ledger_accounts"."kind" in ('guest_receivable', 'earnings_held', 'earnings_transferred')) = ("ledger_accounts"."party_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"amount_pence" bigint NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	CONSTRAINT "ledger_entries_not_zero" CHECK ("ledger_entries"."amount_pence" <> 0),
	CONSTRAINT "ledger_entries_within_limit" CHECK (abs("ledger_entries"."amount_pence") <= 1000000000),
	CONSTRAINT "ledger_entries_gbp" CHECK ("ledger_entries"."currency" = 'GBP')
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" "ledger_transaction_kind" NOT NULL,
	"idempotency_key" text NOT NULL,
	"booking_id" integer,
	"maintenance_job_id" integer,
	"stripe_object_id" text,
	"demo" boolean NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_adjustment_has_memo" CHECK ("ledger_transactions"."kind" <> 'adjustment' or length(trim("ledger_transactions"."memo")) > 0),
	CONSTRAINT "ledger_transactions_key_length" CHECK (length("ledger_transactions"."idempotency_key") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_party_id_users_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_maintenance_job_id_maintenance_jobs_id_fk" FOREIGN KEY ("maintenance_job_id") REFERENCES "public"."maintenance_jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_party_kind_key" ON "ledger_accounts" USING btree ("kind","party_id") WHERE "ledger_accounts"."party_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_kind_key" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."party_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_idempotency_key" ON "ledger_transactions" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transactions_booking_idx" ON "ledger_transactions" USING btree ("booking_id") WHERE "ledger_transactions"."booking_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transactions_job_idx" ON "ledger_transactions" USING btree ("maintenance_job_id") WHERE "ledger_transactions"."maintenance_job_id" is not null;--> statement-breakpoint
-- The books balance by construction: when a transaction commits, its lines must sum to zero and there must be at
-- least two of them. The checks are deferred to the commit so the lines can be inserted one statement at a time. The
-- trigger's argument names the column that holds the transaction's id in the row that fired it.
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  txn bigint := (to_jsonb(NEW) ->> TG_ARGV[0])::bigint;
  line_count integer;
  total numeric;
BEGIN
  SELECT count(*), coalesce(sum(amount_pence), 0) INTO line_count, total FROM ledger_entries WHERE transaction_id = txn;
  IF line_count < 2 THEN
    RAISE EXCEPTION 'ledger transaction % has % line(s); it needs at least two', txn, line_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced';
  END IF;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its lines sum to % pence', txn, total
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_transactions_balanced';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances('transaction_id');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_transactions_have_lines AFTER INSERT ON ledger_transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances('id');
--> statement-breakpoint
-- What was posted stays posted: a mistake is corrected by a new transaction (an adjustment or a reversal), so every
-- statement already sent stays true.
CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_append_only BEFORE UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
