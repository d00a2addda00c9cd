CREATE INDEX "audit_logs_people_trgm_idx" ON "audit_logs" USING gin ((coalesce("actor_label", '') || E'\n' || coalesce("subject_label", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_guest_name_trgm_idx" ON "bookings" USING gin ((coalesce("guest_first_name", '') || ' ' || coalesce("guest_last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_title_trgm_idx" ON "properties" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ((("sess"->>'userId')::int));--> statement-breakpoint
CREATE INDEX "users_frozen_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."is_frozen";--> statement-breakpoint
CREATE INDEX "users_unverified_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "users"."email_verified";--> statement-breakpoint
CREATE INDEX "users_awaiting_approval_created_idx" ON "users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "users"."role" = 'landlord' and not "users"."is_approved";--> statement-breakpoint
-- Covering indexes Drizzle's schema cannot express (INCLUDE). Booking Oversight's status lists, newest first, and
-- its figures read only this index; the revenue figures (admin dashboard, platform analytics) sum by check-in
-- from the second without visiting the table.
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status", "created_at" DESC, "id" DESC)
  INCLUDE ("total_price");--> statement-breakpoint
CREATE INDEX "bookings_revenue_check_in_idx" ON "bookings" USING btree ("check_in") INCLUDE ("property_id", "total_price")
  WHERE "status" IN ('confirmed', 'completed');--> statement-breakpoint
-- A new booking request for a listing that is not taking bookings is refused by the database too. The app
-- checks first, but an admin removing the listing (or its owner closing it) can commit between that check and
-- the insert; the property row's KEY SHARE lock makes the insert wait for such a change and then see it. Only
-- requests are checked: stays recorded as history (imports, fixtures) may belong to listings closed since.
CREATE OR REPLACE FUNCTION "bookings_refuse_blocked_nights"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  first_blocked date;
  listing record;
BEGIN
  SELECT "is_active", "under_maintenance" INTO listing FROM "properties" WHERE "id" = NEW."property_id" FOR KEY SHARE;
  IF NEW."status" = 'pending' AND (NOT listing."is_active" OR listing."under_maintenance") THEN
    RAISE EXCEPTION 'Property % is not taking bookings', NEW."property_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bookings_listing_bookable';
  END IF;
  SELECT min("date") INTO first_blocked
    FROM "availability"
   WHERE "property_id" = NEW."property_id"
     AND "status" = 'blocked'
     AND "date" >= NEW."check_in"
     AND "date" < NEW."check_out";
  IF first_blocked IS NOT NULL THEN
    RAISE EXCEPTION 'The night of % is blocked by the landlord', first_blocked
      USING ERRCODE = 'exclusion_violation';
  END IF;
  RETURN NULL;
END;
$$;
