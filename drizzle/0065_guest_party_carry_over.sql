-- Bookings made before the party was asked for: their one guest count was the adults.
UPDATE "bookings" SET "adults" = "guest_count" WHERE "adults" <> "guest_count";--> statement-breakpoint
-- The landlord's existing answer about pets becomes the listing's pets flag; listings that never said stay "no pets".
UPDATE "properties" SET "pets_allowed" = true WHERE "tenant_preferences"->>'petsAllowed' = 'true';
