CREATE TYPE "public"."auth_provider" AS ENUM('email', 'google', 'apple', 'facebook', 'twitter', 'other');--> statement-breakpoint
CREATE TYPE "public"."availability_status" AS ENUM('available', 'blocked');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('pending', 'confirmed', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."cancellation_policy" AS ENUM('flexible', 'moderate', 'strict');--> statement-breakpoint
CREATE TYPE "public"."council_tax_band" AS ENUM('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H');--> statement-breakpoint
CREATE TYPE "public"."epc_rating" AS ENUM('A', 'B', 'C', 'D', 'E', 'F', 'G');--> statement-breakpoint
CREATE TYPE "public"."furnishing_status" AS ENUM('furnished', 'unfurnished', 'part_furnished');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('pending', 'succeeded', 'failed', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."property_type" AS ENUM('flat', 'house', 'studio', 'room', 'apartment');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('guest', 'landlord', 'property_manager', 'contractor', 'admin');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"check_in" date NOT NULL,
	"check_out" date NOT NULL,
	"total_price" numeric(10, 2) NOT NULL,
	"status" "booking_status" DEFAULT 'pending' NOT NULL,
	"guest_count" integer DEFAULT 1 NOT NULL,
	"payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_check_out_after_check_in" CHECK ("bookings"."check_out" > "bookings"."check_in"),
	CONSTRAINT "bookings_total_price_non_negative" CHECK ("bookings"."total_price" >= 0),
	CONSTRAINT "bookings_guest_count_positive" CHECK ("bookings"."guest_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"currency" text DEFAULT 'gbp' NOT NULL,
	"status" "payment_status" DEFAULT 'pending' NOT NULL,
	"stripe_payment_intent_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_non_negative" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_currency_iso" CHECK ("payments"."currency" ~ '^[a-z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"booking_id" integer,
	"guest_id" integer NOT NULL,
	"rating" integer NOT NULL,
	"cleanliness" integer,
	"accuracy" integer,
	"communication" integer,
	"location" integer,
	"value" integer,
	"title" text,
	"comment" text,
	"host_response" text,
	"host_response_date" timestamp with time zone,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_sub_ratings_range" CHECK (coalesce("reviews"."cleanliness", 1) between 1 and 5 and coalesce("reviews"."accuracy", 1) between 1 and 5
        and coalesce("reviews"."communication", 1) between 1 and 5 and coalesce("reviews"."location", 1) between 1 and 5
        and coalesce("reviews"."value", 1) between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "saved_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "availability" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"date" date NOT NULL,
	"status" "availability_status" DEFAULT 'available' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"days_of_week" integer[],
	"min_stay_length" integer,
	"max_stay_length" integer,
	"price_modifier" numeric(5, 2),
	"fixed_price" numeric(10, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_rules_dates_ordered" CHECK ("pricing_rules"."start_date" is null or "pricing_rules"."end_date" is null or "pricing_rules"."end_date" >= "pricing_rules"."start_date"),
	CONSTRAINT "pricing_rules_days_of_week_range" CHECK ("pricing_rules"."days_of_week" is null or "pricing_rules"."days_of_week" <@ array[0,1,2,3,4,5,6]),
	CONSTRAINT "pricing_rules_min_stay_positive" CHECK ("pricing_rules"."min_stay_length" is null or "pricing_rules"."min_stay_length" >= 1),
	CONSTRAINT "pricing_rules_stay_lengths_ordered" CHECK ("pricing_rules"."min_stay_length" is null or "pricing_rules"."max_stay_length" is null or "pricing_rules"."max_stay_length" >= "pricing_rules"."min_stay_length"),
	CONSTRAINT "pricing_rules_modifier_range" CHECK ("pricing_rules"."price_modifier" is null or "pricing_rules"."price_modifier" > -100),
	CONSTRAINT "pricing_rules_fixed_price_non_negative" CHECK ("pricing_rules"."fixed_price" is null or "pricing_rules"."fixed_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT 'London' NOT NULL,
	"postcode" text,
	"latitude" double precision,
	"longitude" double precision,
	"price_per_night" numeric(10, 2) NOT NULL,
	"price_per_month" numeric(10, 2) NOT NULL,
	"original_price_per_night" numeric(10, 2),
	"bedrooms" integer DEFAULT 1 NOT NULL,
	"bathrooms" integer DEFAULT 1 NOT NULL,
	"max_guests" integer DEFAULT 2 NOT NULL,
	"property_type" "property_type" DEFAULT 'flat' NOT NULL,
	"square_feet" integer,
	"furnishing_status" "furnishing_status" DEFAULT 'unfurnished' NOT NULL,
	"available_from" date,
	"deposit_amount" numeric(10, 2),
	"min_tenancy_months" integer DEFAULT 6 NOT NULL,
	"epc_rating" "epc_rating",
	"council_tax_band" "council_tax_band",
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tenant_preferences" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"terms_and_conditions" text,
	"cancellation_policy" "cancellation_policy" DEFAULT 'moderate' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"under_maintenance" boolean DEFAULT false NOT NULL,
	"rating" numeric(3, 2) DEFAULT '0.00' NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_slug_shape" CHECK ("properties"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length("properties"."slug") <= 120),
	CONSTRAINT "properties_price_per_night_non_negative" CHECK ("properties"."price_per_night" >= 0),
	CONSTRAINT "properties_price_per_month_non_negative" CHECK ("properties"."price_per_month" >= 0),
	CONSTRAINT "properties_original_price_non_negative" CHECK ("properties"."original_price_per_night" is null or "properties"."original_price_per_night" >= 0),
	CONSTRAINT "properties_deposit_non_negative" CHECK ("properties"."deposit_amount" is null or "properties"."deposit_amount" >= 0),
	CONSTRAINT "properties_bedrooms_range" CHECK ("properties"."bedrooms" between 0 and 50),
	CONSTRAINT "properties_bathrooms_range" CHECK ("properties"."bathrooms" between 1 and 50),
	CONSTRAINT "properties_max_guests_range" CHECK ("properties"."max_guests" between 1 and 100),
	CONSTRAINT "properties_square_feet_non_negative" CHECK ("properties"."square_feet" is null or "properties"."square_feet" >= 0),
	CONSTRAINT "properties_min_tenancy_positive" CHECK ("properties"."min_tenancy_months" >= 1),
	CONSTRAINT "properties_rating_range" CHECK ("properties"."rating" between 0 and 5),
	CONSTRAINT "properties_review_count_non_negative" CHECK ("properties"."review_count" >= 0),
	CONSTRAINT "properties_latitude_range" CHECK ("properties"."latitude" is null or "properties"."latitude" between -90 and 90),
	CONSTRAINT "properties_longitude_range" CHECK ("properties"."longitude" is null or "properties"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "property_amenities" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"category" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_highlighted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_metrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"date" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"inquiries" integer DEFAULT 0 NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"revenue" numeric(12, 2) DEFAULT '0' NOT NULL,
	"occupancy_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"avg_daily_rate" numeric(10, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_metrics_counts_non_negative" CHECK ("property_metrics"."views" >= 0 and "property_metrics"."inquiries" >= 0 and "property_metrics"."bookings" >= 0),
	CONSTRAINT "property_metrics_money_non_negative" CHECK ("property_metrics"."revenue" >= 0 and "property_metrics"."avg_daily_rate" >= 0),
	CONSTRAINT "property_metrics_occupancy_range" CHECK ("property_metrics"."occupancy_rate" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "property_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"url" text NOT NULL,
	"caption" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"room_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"success" boolean NOT NULL,
	"failure_reason" text,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" text PRIMARY KEY NOT NULL,
	"sess" jsonb NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"role" "user_role" DEFAULT 'guest' NOT NULL,
	"provider" "auth_provider" DEFAULT 'email' NOT NULL,
	"provider_id" text,
	"is_approved" boolean DEFAULT true NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"last_login_at" timestamp with time zone,
	"email_verified" boolean DEFAULT false NOT NULL,
	"email_verification_token" text,
	"email_verification_expires" timestamp with time zone,
	"phone_number" text,
	"phone_verified" boolean DEFAULT false NOT NULL,
	"phone_verification_code" text,
	"phone_verification_expires" timestamp with time zone,
	"registration_ip" text,
	"last_login_ip" text,
	"location" text,
	"failed_login_attempts" integer DEFAULT 0 NOT NULL,
	"is_frozen" boolean DEFAULT false NOT NULL,
	"frozen_at" timestamp with time zone,
	"frozen_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_shape" CHECK ("users"."email" ~ '^[^@\s]+@[^@\s]+$' and length("users"."email") <= 254),
	CONSTRAINT "users_failed_login_attempts_non_negative" CHECK ("users"."failed_login_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_properties" ADD CONSTRAINT "saved_properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_properties" ADD CONSTRAINT "saved_properties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "availability" ADD CONSTRAINT "availability_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rules" ADD CONSTRAINT "pricing_rules_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_amenities" ADD CONSTRAINT "property_amenities_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_metrics" ADD CONSTRAINT "property_metrics_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_frozen_by_users_id_fk" FOREIGN KEY ("frozen_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_property_dates_idx" ON "bookings" USING btree ("property_id","check_in");--> statement-breakpoint
CREATE INDEX "bookings_guest_idx" ON "bookings" USING btree ("guest_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_payment_intent_key" ON "payments" USING btree ("stripe_payment_intent_id") WHERE "payments"."stripe_payment_intent_id" is not null;--> statement-breakpoint
CREATE INDEX "reviews_property_idx" ON "reviews" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_booking_key" ON "reviews" USING btree ("booking_id") WHERE "reviews"."booking_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_properties_user_property_key" ON "saved_properties" USING btree ("user_id","property_id");--> statement-breakpoint
CREATE INDEX "saved_properties_property_idx" ON "saved_properties" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "availability_property_date_key" ON "availability" USING btree ("property_id","date");--> statement-breakpoint
CREATE INDEX "pricing_rules_property_idx" ON "pricing_rules" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_slug_key" ON "properties" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "properties_owner_idx" ON "properties" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_amenities_property_name_key" ON "property_amenities" USING btree ("property_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "property_metrics_property_date_key" ON "property_metrics" USING btree ("property_id","date");--> statement-breakpoint
CREATE INDEX "property_photos_property_order_idx" ON "property_photos" USING btree ("property_id","display_order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "property_photos_one_main_key" ON "property_photos" USING btree ("property_id") WHERE "property_photos"."is_main";--> statement-breakpoint
CREATE INDEX "login_attempts_email_time_idx" ON "login_attempts" USING btree (lower("email"),"attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_time_idx" ON "login_attempts" USING btree ("ip_address","attempted_at");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_provider_identity_key" ON "users" USING btree ("provider","provider_id") WHERE "users"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");