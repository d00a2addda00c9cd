ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'levy_payment';--> statement-breakpoint
-- Migrations run in one transaction: ledger rows an earlier one wrote (the ledger's first stays) still have their
-- balance checks waiting for the commit, and PostgreSQL will not alter a table with checks waiting. Run them now.
SET CONSTRAINTS "ledger_entries_balanced", "ledger_transactions_have_lines" IMMEDIATE;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "levy_quarter" text;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_levy_quarter" CHECK (("ledger_transactions"."kind"::text = 'levy_payment') = ("ledger_transactions"."levy_quarter" is not null) and ("ledger_transactions"."levy_quarter" is null or "ledger_transactions"."levy_quarter" ~ '^[0-9]{4}-Q[1-4]$'));--> statement-breakpoint
SET CONSTRAINTS "ledger_entries_balanced", "ledger_transactions_have_lines" DEFERRED;
