CREATE TABLE "rent_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenancy_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_on" date,
	"payment_intent_id" text,
	"last_error" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rent_payments_amount_positive" CHECK ("rent_payments"."amount_pence" > 0),
	CONSTRAINT "rent_payments_status_known" CHECK ("rent_payments"."status" in ('due', 'paid', 'failed')),
	CONSTRAINT "rent_payments_period_order" CHECK ("rent_payments"."period_end" >= "rent_payments"."period_start")
);
--> statement-breakpoint
CREATE TABLE "tenancies" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"monthly_rent_pence" integer NOT NULL,
	"ends_on" date,
	"notice_given_on" date,
	"notice_given_at" timestamp with time zone,
	"former_fixed_term_check_out" date,
	"stripe_customer_id" text,
	"setup_intent_id" text,
	"payment_method_id" text,
	"demo" boolean DEFAULT false NOT NULL,
	"agreed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenancies_rent_positive" CHECK ("tenancies"."monthly_rent_pence" > 0),
	CONSTRAINT "tenancies_ends_after_start" CHECK ("tenancies"."ends_on" is null or "tenancies"."ends_on" >= "tenancies"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "rent_payments" ADD CONSTRAINT "rent_payments_tenancy_id_tenancies_id_fk" FOREIGN KEY ("tenancy_id") REFERENCES "public"."tenancies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancies" ADD CONSTRAINT "tenancies_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rent_payments_period_key" ON "rent_payments" USING btree ("tenancy_id","period_start");--> statement-breakpoint
CREATE INDEX "rent_payments_next_attempt_idx" ON "rent_payments" USING btree ("next_attempt_on") WHERE "rent_payments"."status" <> 'paid';--> statement-breakpoint
CREATE UNIQUE INDEX "tenancies_booking_key" ON "tenancies" USING btree ("booking_id");