-- Search by place resolves the typed text to exact (city, region) pairs first (there are few), then
-- finds listings by equality through this index. It carries the recommended order's keys so one
-- page of ids comes from the index alone (index-only scan, then top-N), and counts never touch rows.
-- Chosen from EXPLAIN ANALYZE over 100k listings (bench/results/search-explain.txt).
-- Declared here rather than in the Drizzle schema, which cannot express INCLUDE.
CREATE INDEX IF NOT EXISTS "properties_place_price_idx"
  ON "properties" USING btree ("city", "region", "price_per_night")
  INCLUDE ("rating", "review_count", "id")
  WHERE "is_active";
