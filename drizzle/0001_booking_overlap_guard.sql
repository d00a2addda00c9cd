-- The database itself refuses two live bookings of one property that share a night.
-- Stays are half-open [check_in, check_out): a guest leaving on the 10th and another arriving on the
-- 10th do not overlap. Cancelled bookings release their nights.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bookings"
  ADD CONSTRAINT "bookings_no_overlapping_stays"
  EXCLUDE USING gist (
    "property_id" WITH =,
    daterange("check_in", "check_out", '[)') WITH &&
  ) WHERE ("status" <> 'cancelled');
