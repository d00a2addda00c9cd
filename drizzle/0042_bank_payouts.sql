CREATE TABLE "bank_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"stripe_payout_id" text NOT NULL,
	"payee_id" integer NOT NULL,
	"amount_pence" bigint NOT NULL,
	"arrival_date" date NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"status_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_payouts_positive" CHECK ("bank_payouts"."amount_pence" > 0),
	CONSTRAINT "bank_payouts_status" CHECK ("bank_payouts"."status" in ('paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "bank_payouts" ADD CONSTRAINT "bank_payouts_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_payouts_stripe_key" ON "bank_payouts" USING btree ("stripe_payout_id");--> statement-breakpoint
CREATE INDEX "bank_payouts_payee_idx" ON "bank_payouts" USING btree ("payee_id","arrival_date");