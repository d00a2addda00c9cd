ALTER TABLE "bookings" ADD COLUMN "service_fee" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_first_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_last_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_phone" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_guest_idempotency_key" ON "bookings" USING btree ("guest_id","idempotency_key") WHERE "bookings"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "bookings_hold_expiry_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_service_fee_non_negative" CHECK ("bookings"."service_fee" is null or "bookings"."service_fee" >= 0);