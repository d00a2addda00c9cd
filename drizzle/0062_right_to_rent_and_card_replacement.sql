CREATE TABLE "right_to_rent_checks" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"checked_on" date NOT NULL,
	"method" text NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "right_to_rent_checks_method_known" CHECK ("right_to_rent_checks"."method" in ('original_documents', 'home_office_online', 'idsp'))
);
--> statement-breakpoint
ALTER TABLE "tenancies" ADD COLUMN "replacement_setup_intent_id" text;--> statement-breakpoint
ALTER TABLE "right_to_rent_checks" ADD CONSTRAINT "right_to_rent_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "right_to_rent_checks" ADD CONSTRAINT "right_to_rent_checks_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;