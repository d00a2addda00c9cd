CREATE TABLE "tenancy_deposits" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"amount_pence" bigint,
	"received_on" date,
	"scheme" text,
	"certificate_number" text,
	"protected_on" date,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	CONSTRAINT "tenancy_deposits_amount_positive" CHECK ("tenancy_deposits"."amount_pence" is null or "tenancy_deposits"."amount_pence" > 0),
	CONSTRAINT "tenancy_deposits_scheme_known" CHECK ("tenancy_deposits"."scheme" is null or "tenancy_deposits"."scheme" in ('dps', 'tds', 'mydeposits')),
	CONSTRAINT "tenancy_deposits_recorded_whole" CHECK (("tenancy_deposits"."protected_on" is null) = ("tenancy_deposits"."scheme" is null) and ("tenancy_deposits"."scheme" is null) = ("tenancy_deposits"."certificate_number" is null)
        and ("tenancy_deposits"."scheme" is null) = ("tenancy_deposits"."amount_pence" is null) and ("tenancy_deposits"."scheme" is null) = ("tenancy_deposits"."received_on" is null)),
	CONSTRAINT "tenancy_deposits_protected_after_receipt" CHECK ("tenancy_deposits"."protected_on" is null or "tenancy_deposits"."protected_on" >= "tenancy_deposits"."received_on")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stay_purpose" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stay_purpose_other" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "main_home_address" text;--> statement-breakpoint
ALTER TABLE "tenancy_deposits" ADD CONSTRAINT "tenancy_deposits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenancy_deposits" ADD CONSTRAINT "tenancy_deposits_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_stay_purpose_known" CHECK ("bookings"."stay_purpose" is null or "bookings"."stay_purpose" in ('holiday', 'work', 'study', 'other'));