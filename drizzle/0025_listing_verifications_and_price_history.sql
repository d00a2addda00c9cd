CREATE TABLE "property_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"price_per_night" numeric(10, 2) NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"verified_by" integer,
	"checks" text[] NOT NULL,
	"note" text,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" integer,
	"withdrawal_reason" text,
	CONSTRAINT "property_verifications_some_checks" CHECK (cardinality("property_verifications"."checks") > 0)
);
--> statement-breakpoint
ALTER TABLE "property_price_changes" ADD CONSTRAINT "property_price_changes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_verifications" ADD CONSTRAINT "property_verifications_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_verifications" ADD CONSTRAINT "property_verifications_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_verifications" ADD CONSTRAINT "property_verifications_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_price_changes_property_time_idx" ON "property_price_changes" USING btree ("property_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "property_verifications_standing_key" ON "property_verifications" USING btree ("property_id") WHERE "property_verifications"."withdrawn_at" is null;--> statement-breakpoint
-- Every price a listing is offered at, recorded by the database itself: a new listing's from its creation, a change
-- from the moment it is made.
CREATE FUNCTION record_property_price_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO property_price_changes (property_id, price_per_night, effective_from)
    VALUES (NEW.id, NEW.price_per_night, coalesce(NEW.created_at, now()));
  ELSIF NEW.price_per_night IS DISTINCT FROM OLD.price_per_night THEN
    INSERT INTO property_price_changes (property_id, price_per_night, effective_from)
    VALUES (NEW.id, NEW.price_per_night, now());
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER properties_price_history AFTER INSERT OR UPDATE OF price_per_night ON properties
  FOR EACH ROW EXECUTE FUNCTION record_property_price_change();--> statement-breakpoint
-- Listings that already exist: their price as it is now is the only one known, from when they were listed. A
-- landlord-typed "was" price (original_price_per_night) is not history and is not carried over.
INSERT INTO property_price_changes (property_id, price_per_night, effective_from)
  SELECT id, price_per_night, created_at FROM properties;
--> statement-breakpoint
-- Search shows which listings are verified and can be narrowed to them: a verification given or withdrawn empties
-- every instance's cached results, as a listing change does.
CREATE TRIGGER property_verifications_listings_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "property_verifications"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_listings_changed();
