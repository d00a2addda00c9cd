-- Nights booked on another site (imported from its calendar feed) cannot be booked here either: the booking guard
-- of migrations 0009 and 0012 now also refuses a new live booking that shares a night with an imported stay, with
-- the same 23P01 (the API's 409). A sync replaces a feed's stays while holding the property row FOR UPDATE, which
-- conflicts with the KEY SHARE this trigger takes first: a booking and an import of the same night are ordered,
-- the booking is refused if the import committed first, and the sync sees the booking (and flags the overlap to
-- the landlord) if the booking did. Existing bookings are not re-checked.
CREATE OR REPLACE FUNCTION "bookings_refuse_blocked_nights"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  first_blocked date;
  first_imported date;
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
  SELECT min(greatest("starts_on", NEW."check_in")) INTO first_imported
    FROM "imported_stays"
   WHERE "property_id" = NEW."property_id"
     AND daterange("starts_on", "ends_on", '[)') && daterange(NEW."check_in", NEW."check_out", '[)');
  IF first_imported IS NOT NULL THEN
    RAISE EXCEPTION 'The night of % is booked on another site', first_imported
      USING ERRCODE = 'exclusion_violation';
  END IF;
  RETURN NULL;
END;
$$;
