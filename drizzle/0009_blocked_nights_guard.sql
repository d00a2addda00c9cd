-- A guest's booking and a landlord's block of the same night must never both succeed.
-- The booking service checks blocked nights before inserting, but without a lock; this trigger is the
-- last word. It first takes KEY SHARE on the property row: a landlord's block holds that row FOR UPDATE
-- for its whole transaction (server/services/property-calendar.service.ts), so the check below runs only
-- after any block in flight has committed, and (read committed, a fresh snapshot per statement) sees
-- its nights. A block that locked the row after this insert waits for it and then sees the booking.
-- The error code is the overlap constraint's, so the API answers the same 409 as for a taken night.
-- Existing rows are not re-checked: only new live bookings are.
CREATE FUNCTION "bookings_refuse_blocked_nights"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  first_blocked date;
BEGIN
  PERFORM 1 FROM "properties" WHERE "id" = NEW."property_id" FOR KEY SHARE;
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
--> statement-breakpoint
CREATE TRIGGER "bookings_no_blocked_nights"
  AFTER INSERT ON "bookings"
  FOR EACH ROW
  WHEN (NEW."status" <> 'cancelled')
  EXECUTE FUNCTION "bookings_refuse_blocked_nights"();
