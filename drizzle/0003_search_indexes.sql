CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "property_photos_property_order_idx";--> statement-breakpoint
CREATE INDEX "properties_place_trgm_idx" ON "properties" USING gin (("city" || ' ' || "region") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_text_trgm_idx" ON "properties" USING gin (("title" || ' ' || "description") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_recommended_idx" ON "properties" USING btree ("rating" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id") WHERE "properties"."is_active";--> statement-breakpoint
CREATE INDEX "properties_price_idx" ON "properties" USING btree ("price_per_night","id") WHERE "properties"."is_active";--> statement-breakpoint
CREATE INDEX "property_photos_display_idx" ON "property_photos" USING btree ("property_id","is_main" DESC NULLS FIRST,"display_order","id");