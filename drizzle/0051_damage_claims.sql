ALTER TYPE "public"."ledger_transaction_kind" ADD VALUE 'damage_charge';--> statement-breakpoint
CREATE TABLE "damage_claim_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"claim_id" integer NOT NULL,
	"photo_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "damage_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"raised_by" integer,
	"description" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"dispute_reason" text,
	"decision" text,
	"decision_reason" text,
	"decided_by" integer,
	"agreed_pence" integer,
	"payment_intent_id" text,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "damage_claims_amount_positive" CHECK ("damage_claims"."amount_pence" > 0),
	CONSTRAINT "damage_claims_agreed_within" CHECK ("damage_claims"."agreed_pence" is null or "damage_claims"."agreed_pence" between 1 and "damage_claims"."amount_pence"),
	CONSTRAINT "damage_claims_status_known" CHECK ("damage_claims"."status" in ('open', 'disputed', 'awaiting_payment', 'paid', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "damage_claim_photos" ADD CONSTRAINT "damage_claim_photos_claim_id_damage_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."damage_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_raised_by_users_id_fk" FOREIGN KEY ("raised_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "damage_claim_photos_claim_idx" ON "damage_claim_photos" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "damage_claims_booking_key" ON "damage_claims" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "damage_claims_disputed_idx" ON "damage_claims" USING btree ("created_at") WHERE "damage_claims"."status" = 'disputed';--> statement-breakpoint
CREATE UNIQUE INDEX "damage_claims_payment_intent_key" ON "damage_claims" USING btree ("payment_intent_id");