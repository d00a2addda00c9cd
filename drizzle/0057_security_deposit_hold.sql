CREATE TABLE "security_deposit_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'authorising' NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"payment_intent_id" text,
	"authorised_on" date NOT NULL,
	"release_on" date,
	"captured_pence" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "security_deposit_holds_amount_positive" CHECK ("security_deposit_holds"."amount_pence" > 0),
	CONSTRAINT "security_deposit_holds_captured_within" CHECK ("security_deposit_holds"."captured_pence" is null or "security_deposit_holds"."captured_pence" between 1 and "security_deposit_holds"."amount_pence"),
	CONSTRAINT "security_deposit_holds_status_known" CHECK ("security_deposit_holds"."status" in ('authorising', 'authorised', 'released', 'captured', 'failed', 'claim_only'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "security_deposit_pence" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "security_deposit_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "security_deposit_holds" ADD CONSTRAINT "security_deposit_holds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "security_deposit_holds_booking_key" ON "security_deposit_holds" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_deposit_holds_payment_intent_key" ON "security_deposit_holds" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "security_deposit_holds_open_idx" ON "security_deposit_holds" USING btree ("release_on") WHERE "security_deposit_holds"."status" in ('authorising', 'authorised');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_security_deposit_positive" CHECK ("bookings"."security_deposit_pence" is null or "bookings"."security_deposit_pence" > 0);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_security_deposit_range" CHECK ("properties"."security_deposit_amount" is null or "properties"."security_deposit_amount" between 0 and 2500);