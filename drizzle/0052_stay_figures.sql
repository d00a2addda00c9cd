CREATE TABLE "stay_figures_daily" (
	"check_in" date NOT NULL,
	"city" text NOT NULL,
	"status" "booking_status" NOT NULL,
	"settlement" text NOT NULL,
	"bookings" integer NOT NULL,
	"gross_pence" bigint NOT NULL,
	"fee_pence" bigint NOT NULL,
	CONSTRAINT "stay_figures_daily_check_in_city_status_settlement_pk" PRIMARY KEY("check_in","city","status","settlement"),
	CONSTRAINT "stay_figures_daily_settlement" CHECK ("stay_figures_daily"."settlement" in ('collected', 'expected', 'demo'))
);
--> statement-breakpoint
CREATE TABLE "stay_figures_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stay_figures_per_stay" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"check_in" date NOT NULL,
	"city" text NOT NULL,
	"status" "booking_status" NOT NULL,
	"settlement" text NOT NULL,
	"gross_pence" bigint NOT NULL,
	"fee_pence" bigint NOT NULL,
	CONSTRAINT "stay_figures_per_stay_settlement" CHECK ("stay_figures_per_stay"."settlement" in ('collected', 'expected', 'demo'))
);
--> statement-breakpoint
-- Marks the stays whose figures a statement may have changed (db/schema/stay-figures.ts); the app folds them in.
-- Statement-level and append-only, so a bulk insert adds one statement's work and no two bookings wait for each other.
CREATE FUNCTION "stay_figures_mark_posted"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stay_figures_pending" ("booking_id")
  SELECT DISTINCT t."booking_id" FROM "new_entries" e JOIN "ledger_transactions" t ON t."id" = e."transaction_id"
  WHERE t."booking_id" IS NOT NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "stay_figures_mark_new_stays"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stay_figures_pending" ("booking_id") SELECT "id" FROM "new_rows";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "stay_figures_mark_removed_stays"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stay_figures_pending" ("booking_id") SELECT "id" FROM "old_rows";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Only what the figures are grouped by: status, check-in day and listing (for its city).
CREATE FUNCTION "stay_figures_mark_moved_stays"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stay_figures_pending" ("booking_id")
  SELECT n."id" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
  WHERE o."status" <> n."status" OR o."check_in" <> n."check_in" OR o."property_id" <> n."property_id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "stay_figures_mark_moved_listings"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "stay_figures_pending" ("booking_id")
  SELECT b."id" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" JOIN "bookings" b ON b."property_id" = n."id"
  WHERE o."city" <> n."city";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stay_figures_on_ledger_entries" AFTER INSERT ON "ledger_entries"
  REFERENCING NEW TABLE AS "new_entries" FOR EACH STATEMENT EXECUTE FUNCTION "stay_figures_mark_posted"();
--> statement-breakpoint
CREATE TRIGGER "stay_figures_on_booking_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stay_figures_mark_new_stays"();
--> statement-breakpoint
CREATE TRIGGER "stay_figures_on_booking_delete" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "stay_figures_mark_removed_stays"();
--> statement-breakpoint
CREATE TRIGGER "stay_figures_on_booking_update" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "stay_figures_mark_moved_stays"();
--> statement-breakpoint
CREATE TRIGGER "stay_figures_on_listing_update" AFTER UPDATE ON "properties"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "stay_figures_mark_moved_listings"();
--> statement-breakpoint
-- The stays already there, after the triggers so nothing written meanwhile is missed (a stay marked twice is
-- folded once). The app folds them at its first read of the figures or its first housekeeping run.
INSERT INTO "stay_figures_pending" ("booking_id") SELECT "id" FROM "bookings";
