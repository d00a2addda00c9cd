CREATE TABLE "payout_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"payee_id" integer NOT NULL,
	"amount_pence" bigint NOT NULL,
	"demo" boolean NOT NULL,
	"claim_key" text NOT NULL,
	"stripe_transfer_id" text,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_transfers_positive" CHECK ("payout_transfers"."amount_pence" > 0),
	CONSTRAINT "payout_transfers_demo_not_at_stripe" CHECK (not ("payout_transfers"."demo" and "payout_transfers"."stripe_transfer_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_transfers" ADD CONSTRAINT "payout_transfers_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_claim_key" ON "payout_transfers" USING btree ("claim_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_transfers_stripe_key" ON "payout_transfers" USING btree ("stripe_transfer_id");--> statement-breakpoint
CREATE INDEX "payout_transfers_payee_idx" ON "payout_transfers" USING btree ("payee_id","created_at");--> statement-breakpoint
CREATE INDEX "payout_transfers_unsent_idx" ON "payout_transfers" USING btree ("id") WHERE "payout_transfers"."sent_at" is null;