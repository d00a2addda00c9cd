CREATE TABLE "booking_tallies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"status" "booking_status" NOT NULL,
	"bookings" bigint NOT NULL,
	"total_price" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
-- The tallies start from the bookings already there. Writes to bookings wait while they are counted and the
-- triggers are created, so no booking is counted twice or missed (an app instance of the previous release may
-- still be running).
LOCK TABLE "bookings" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "booking_tallies" ("status", "bookings", "total_price")
SELECT "status", count(*), coalesce(sum("total_price"), 0) FROM "bookings" GROUP BY "status";--> statement-breakpoint
-- One row per status a statement touched: new bookings count up, deleted ones down, and an update moves a booking
-- (and its total) from its old status to its new one. Statement-level, so a bulk insert appends a handful of rows.
CREATE FUNCTION "booking_tallies_count_in"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booking_tallies" ("status", "bookings", "total_price")
  SELECT "status", count(*), sum("total_price") FROM "new_rows" GROUP BY "status";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "booking_tallies_count_out"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booking_tallies" ("status", "bookings", "total_price")
  SELECT "status", -count(*), -sum("total_price") FROM "old_rows" GROUP BY "status";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "booking_tallies_count_moves"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "booking_tallies" ("status", "bookings", "total_price")
  SELECT "status", sum("n"), sum("amount")
  FROM (
    SELECT o."status", -1 AS "n", -o."total_price" AS "amount"
      FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
     WHERE o."status" <> n."status" OR o."total_price" <> n."total_price"
    UNION ALL
    SELECT n."status", 1, n."total_price"
      FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
     WHERE o."status" <> n."status" OR o."total_price" <> n."total_price"
  ) AS "moves"
  GROUP BY "status";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "booking_tallies_on_insert" AFTER INSERT ON "bookings"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tallies_count_in"();--> statement-breakpoint
CREATE TRIGGER "booking_tallies_on_delete" AFTER DELETE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "booking_tallies_count_out"();--> statement-breakpoint
CREATE TRIGGER "booking_tallies_on_update" AFTER UPDATE ON "bookings"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "booking_tallies_count_moves"();
--> statement-breakpoint
-- Booking Oversight orders by (created_at desc nulls last, id desc nulls last), as bookings_created_idx is built;
-- the status index of 0012 said plain DESC (nulls first), which that order cannot use.
DROP INDEX "bookings_status_created_idx";--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status", "created_at" DESC NULLS LAST, "id" DESC NULLS LAST)
  INCLUDE ("total_price");
