-- Every write to what public search shows announces itself on the channel `listings_changed`, so each
-- app instance can drop its cached search results at once, whoever made the change (app, seed, psql).
-- Statement-level triggers: one notification per statement, however many rows it touched;
-- PostgreSQL also folds identical notifications within one transaction.
CREATE OR REPLACE FUNCTION notify_listings_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('listings_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER properties_listings_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "properties"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_changed();
--> statement-breakpoint
CREATE TRIGGER property_photos_listings_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_photos"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_changed();
