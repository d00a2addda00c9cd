CREATE TABLE "transfer_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_key" text NOT NULL,
	"transfer_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"payee_id" integer NOT NULL,
	"demo" boolean NOT NULL,
	"amount_pence" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"stripe_reversal_id" text,
	"last_error" text,
	CONSTRAINT "transfer_reversals_positive" CHECK ("transfer_reversals"."amount_pence" > 0),
	CONSTRAINT "transfer_reversals_demo_not_at_stripe" CHECK (not ("transfer_reversals"."demo" and "transfer_reversals"."stripe_reversal_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "transfer_reversals" ADD CONSTRAINT "transfer_reversals_transfer_id_payout_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."payout_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_reversals" ADD CONSTRAINT "transfer_reversals_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_reversals" ADD CONSTRAINT "transfer_reversals_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_reversals_unsent_idx" ON "transfer_reversals" USING btree ("id") WHERE "transfer_reversals"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "transfer_reversals_transfer_idx" ON "transfer_reversals" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "transfer_reversals_booking_idx" ON "transfer_reversals" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_reversals_claim_key" ON "transfer_reversals" USING btree ("claim_key");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_reversals_stripe_key" ON "transfer_reversals" USING btree ("stripe_reversal_id");