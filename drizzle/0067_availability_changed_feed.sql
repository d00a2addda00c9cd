-- Every write that may take or free a night, or change what a stay of those nights costs, announces itself on the
-- channel `availability_changed`, so each app instance can drop the search answers it kept for dates, whoever made
-- the change (app, job, calendar sync, psql). Searches without dates listen only to `listings_changed`.
-- Statement-level triggers without a payload: one notification per statement however many rows it touched, and
-- PostgreSQL folds identical notifications within one transaction, so a busy booking path pays almost nothing.
CREATE OR REPLACE FUNCTION notify_availability_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('availability_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A stay holds its nights by its listing, dates and status; payments, messages and reviews touch other columns.
CREATE TRIGGER bookings_availability_changed
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF status, check_in, check_out, property_id ON "bookings"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER availability_availability_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "availability"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER imported_stays_availability_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "imported_stays"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
-- A flexible search's window carries the stay's total, priced by the listing's pricing rules.
CREATE TRIGGER pricing_rules_availability_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pricing_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
