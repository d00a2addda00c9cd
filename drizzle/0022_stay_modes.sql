-- Stay modes: each listing says whether it takes short lets, mid lets and tenancies, and how long each may be;
-- a tenancy listing keeps its holding deposit and, for an EPC F or G home, the exemption reference. A booking keeps
-- the mode it was made in and the deposit its landlord must protect.
CREATE TYPE "public"."stay_mode" AS ENUM('short_let', 'mid_let', 'tenancy');--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stay_mode" "stay_mode";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "holding_deposit_amount" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "short_let_offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "short_let_min_nights" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "short_let_max_nights" integer DEFAULT 27 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "mid_let_offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "mid_let_min_nights" integer DEFAULT 28 NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "mid_let_max_nights" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "tenancy_offered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "max_tenancy_months" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "epc_exemption_reference" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deposit_non_negative" CHECK ("bookings"."deposit_amount" is null or "bookings"."deposit_amount" >= 0);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_holding_deposit_non_negative" CHECK ("properties"."holding_deposit_amount" is null or "properties"."holding_deposit_amount" >= 0);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_offers_a_stay" CHECK ("properties"."short_let_offered" or "properties"."mid_let_offered" or "properties"."tenancy_offered");--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_short_let_range" CHECK ("properties"."short_let_min_nights" between 1 and 27 and "properties"."short_let_max_nights" between "properties"."short_let_min_nights" and 27);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_mid_let_range" CHECK ("properties"."mid_let_min_nights" between 28 and 184 and ("properties"."mid_let_max_nights" is null or "properties"."mid_let_max_nights" between "properties"."mid_let_min_nights" and 184));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_tenancy_range" CHECK ("properties"."max_tenancy_months" is null or "properties"."max_tenancy_months" between "properties"."min_tenancy_months" and 24);--> statement-breakpoint
-- Listings that exist today keep taking every stay they take now: short and mid lets at their full length (the
-- column defaults), and tenancies from their stated minimum. A home rated EPC F or G has no exemption on record, so
-- it is not offered for tenancies until its landlord records one. A deposit above the new cap is left as it is: the
-- quote refuses a tenancy with a message saying why, and the landlord's next save must lower it.
UPDATE "properties" SET "tenancy_offered" = false WHERE "epc_rating" IN ('F', 'G');
