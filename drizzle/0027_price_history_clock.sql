-- A price change is dated when it is written, not when its transaction began: two edits of one listing run one
-- after the other (the row is held), and the one written second must also be the later one in the history, or the
-- listing's current price would be read from the wrong row.
CREATE OR REPLACE FUNCTION record_property_price_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO property_price_changes (property_id, price_per_night, effective_from)
    VALUES (NEW.id, NEW.price_per_night, coalesce(NEW.created_at, clock_timestamp()));
  ELSIF NEW.price_per_night IS DISTINCT FROM OLD.price_per_night THEN
    INSERT INTO property_price_changes (property_id, price_per_night, effective_from)
    VALUES (NEW.id, NEW.price_per_night, clock_timestamp());
  END IF;
  RETURN NULL;
END
$$;
