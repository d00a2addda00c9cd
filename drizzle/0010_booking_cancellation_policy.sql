-- A booking keeps the cancellation policy it was made under: a landlord who later changes the
-- property's policy must not change the refund of stays already booked (docs/decisions/006).
-- The column is added nullable, filled, then made NOT NULL, so a database that already holds bookings
-- migrates without losing a row. Existing bookings get their property's current policy: the best we
-- know. Every booking has a property (property_id is NOT NULL with a restricting foreign key).
ALTER TABLE "bookings" ADD COLUMN "cancellation_policy" "cancellation_policy";--> statement-breakpoint
UPDATE "bookings" SET "cancellation_policy" = "properties"."cancellation_policy"
  FROM "properties"
 WHERE "properties"."id" = "bookings"."property_id";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "cancellation_policy" SET NOT NULL;--> statement-breakpoint
-- An insert that leaves the policy out gets its property's, in the same statement: the app's booking
-- insert, the seed, fixtures and an app instance still running the previous release all rely on it.
-- An unknown property answers as its foreign key would, not as a missing policy.
CREATE FUNCTION "bookings_copy_cancellation_policy"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT "cancellation_policy" INTO NEW."cancellation_policy"
    FROM "properties"
   WHERE "id" = NEW."property_id";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Property % does not exist', NEW."property_id"
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_copy_cancellation_policy"
  BEFORE INSERT ON "bookings"
  FOR EACH ROW
  WHEN (NEW."cancellation_policy" IS NULL)
  EXECUTE FUNCTION "bookings_copy_cancellation_policy"();
