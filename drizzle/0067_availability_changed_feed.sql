-- Every write that takes or frees a night, or changes what a stay of those nights costs, announces itself on the
-- channel `availability_changed`, so each app instance can drop the search answers it kept for dates, whoever made
-- the change (app, job, calendar sync, psql). Searches without dates listen only to `listings_changed`.
-- Statement-level triggers without a payload: one notification per statement however many rows it touched, and
-- PostgreSQL folds identical notifications within one transaction. A statement that touched no row says nothing:
-- every booking attempt and calendar view first releases lapsed holds, nearly always none, and a notification there
-- would empty every instance's date answers (and queue every such commit behind the notification lock) for nothing.
-- The rows a statement touched are seen through its transition table (`changed_rows`).
CREATE OR REPLACE FUNCTION notify_availability_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' OR EXISTS (SELECT 1 FROM changed_rows) THEN
    PERFORM pg_notify('availability_changed', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A stay holds its nights by its listing, dates and status; payments, messages and reviews change other columns.
CREATE OR REPLACE FUNCTION notify_booking_nights_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE (o.status, o.check_in, o.check_out, o.property_id)
           IS DISTINCT FROM (n.status, n.check_in, n.check_out, n.property_id)
  ) THEN
    PERFORM pg_notify('availability_changed', '');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_availability_inserted AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_availability_deleted AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_availability_updated AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_booking_nights_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_availability_truncated AFTER TRUNCATE ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
-- Blocked nights, stays imported from other sites' calendars, and the pricing rules a flexible card's total uses.
CREATE TRIGGER availability_availability_inserted AFTER INSERT ON "availability"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER availability_availability_updated AFTER UPDATE ON "availability"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER availability_availability_deleted AFTER DELETE ON "availability"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER availability_availability_truncated AFTER TRUNCATE ON "availability"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER imported_stays_availability_inserted AFTER INSERT ON "imported_stays"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER imported_stays_availability_updated AFTER UPDATE ON "imported_stays"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER imported_stays_availability_deleted AFTER DELETE ON "imported_stays"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER imported_stays_availability_truncated AFTER TRUNCATE ON "imported_stays"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER pricing_rules_availability_inserted AFTER INSERT ON "pricing_rules"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER pricing_rules_availability_updated AFTER UPDATE ON "pricing_rules"
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER pricing_rules_availability_deleted AFTER DELETE ON "pricing_rules"
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER pricing_rules_availability_truncated AFTER TRUNCATE ON "pricing_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
