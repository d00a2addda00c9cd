-- England's tenancies are periodic from 1 May 2026 (Renters' Rights Act 2025): a listing there asks no minimum term
-- beyond the first month and no longest term, as the app already requires on save. Each English listing whose stored
-- terms say otherwise gets the first month and no longest term, and its old terms are kept in System Logs: one entry
-- per listing, naming its owner as the app names people there, with the old values in its details, written in the same
-- statement as the change.
WITH "changed" AS (
  SELECT "id", "owner_id", "title", "min_tenancy_months", "max_tenancy_months"
    FROM "properties"
   WHERE "nation" = 'England'
     AND ("min_tenancy_months" <> 1 OR "max_tenancy_months" IS NOT NULL)
     FOR UPDATE
), "kept" AS (
  INSERT INTO "audit_logs" ("type", "action", "message", "subject_user_id", "subject_label", "target_type", "target_id", "details")
  SELECT 'info', 'property.periodic_terms_applied',
         'Tenancy terms of "' || left(c."title", 120) || '" made periodic: no minimum beyond the first month, no longest term (Renters'' Rights Act 2025)',
         c."owner_id",
         CASE
           WHEN u."email" IS NULL THEN coalesce(n."name", 'Unknown person')
           WHEN n."name" IS NOT NULL THEN n."name" || ' <' || u."email" || '>'
           ELSE u."email"
         END,
         'property', c."id"::text,
         jsonb_build_object('formerMinTenancyMonths', c."min_tenancy_months", 'formerMaxTenancyMonths', c."max_tenancy_months")
    FROM "changed" c
    LEFT JOIN "users" u ON u."id" = c."owner_id"
    LEFT JOIN LATERAL (
      SELECT nullif(concat_ws(' ', nullif(btrim(u."first_name"), ''), nullif(btrim(u."last_name"), '')), '') AS "name"
    ) n ON true
)
UPDATE "properties" p
   SET "min_tenancy_months" = 1, "max_tenancy_months" = NULL
  FROM "changed" c
 WHERE p."id" = c."id";
