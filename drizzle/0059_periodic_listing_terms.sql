-- England's tenancies are periodic from 1 May 2026 (Renters' Rights Act 2025): a listing there asks no minimum term
-- beyond the first month and no longest term, as the app already requires on save. Each English listing whose stored
-- terms say otherwise gets the first month and no longest term, and its old terms are kept in System Logs: one entry
-- per listing, with the old values in its details, written in the same statement as the change.
WITH "changed" AS (
  SELECT "id", "owner_id", "title", "min_tenancy_months", "max_tenancy_months"
    FROM "properties"
   WHERE "nation" = 'England'
     AND ("min_tenancy_months" <> 1 OR "max_tenancy_months" IS NOT NULL)
     FOR UPDATE
), "kept" AS (
  INSERT INTO "audit_logs" ("type", "action", "message", "subject_user_id", "target_type", "target_id", "details")
  SELECT 'info', 'property.periodic_terms_applied',
         'Tenancy terms of "' || left("title", 120) || '" made periodic: no minimum beyond the first month, no longest term (Renters'' Rights Act 2025)',
         "owner_id", 'property', "id"::text,
         jsonb_build_object('formerMinTenancyMonths', "min_tenancy_months", 'formerMaxTenancyMonths', "max_tenancy_months")
    FROM "changed"
)
UPDATE "properties" p
   SET "min_tenancy_months" = 1, "max_tenancy_months" = NULL
  FROM "changed" c
 WHERE p."id" = c."id";
