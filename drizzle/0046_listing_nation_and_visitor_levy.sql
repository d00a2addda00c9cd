CREATE TYPE "public"."levy_area" AS ENUM('city_of_edinburgh');--> statement-breakpoint
CREATE TYPE "public"."uk_nation" AS ENUM('England', 'Scotland', 'Wales', 'Northern Ireland');--> statement-breakpoint
ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'levy_payable';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visitor_levy" numeric(10, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "nation" "uk_nation" DEFAULT 'England' NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "levy_area" "levy_area";--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "short_let_licence_number" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "welsh_registration_number" text;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_levy_area_in_nation" CHECK ("properties"."levy_area" is null or "properties"."nation" = 'Scotland');