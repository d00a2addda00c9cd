ALTER TABLE "stay_figures_per_stay" ADD COLUMN "property_id" integer;--> statement-breakpoint
ALTER TABLE "stay_figures_per_stay" ADD COLUMN "owner_pence" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stay_figures_per_stay" ADD COLUMN "charged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "stay_figures_per_stay_property_idx" ON "stay_figures_per_stay" USING btree ("property_id","check_in","booking_id");--> statement-breakpoint
-- A landlord's figures count only what the ledger says their listings earned them: a listing handed to another
-- owner moves its stays' owner share too, so it marks them as a change of city does.
CREATE OR REPLACE FUNCTION "stay_figures_mark_moved_listings"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stay_figures_pending" ("booking_id")
  SELECT b."id" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" JOIN "bookings" b ON b."property_id" = n."id"
  WHERE o."city" <> n."city" OR o."owner_id" <> n."owner_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Every stay is counted again so its listing, owner share and charge are filled in; what it counts for in the daily
-- figures does not change. The app folds them at its first read of the figures or its first housekeeping run.
INSERT INTO "stay_figures_pending" ("booking_id") SELECT "id" FROM "bookings";
