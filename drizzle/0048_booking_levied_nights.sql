ALTER TABLE "bookings" ADD COLUMN "levied_nights" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "levied_price" numeric(10, 2) DEFAULT '0' NOT NULL;