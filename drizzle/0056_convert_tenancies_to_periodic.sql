-- Tenancies still running on 1 May 2026 (England) become periodic: each gets a tenancy row with its first day, the
-- listing's monthly rent and no end. Nothing on the booking is changed or lost: its old fixed-term check-out is kept
-- on the tenancy (rent for the periods before it was already charged with the booking) and still holds the calendar.
INSERT INTO "tenancies" ("booking_id", "starts_on", "monthly_rent_pence", "former_fixed_term_check_out", "demo", "agreed_at", "created_at")
SELECT b."id", b."check_in", round(p."price_per_month" * 100)::integer, b."check_out",
       NOT EXISTS (SELECT 1 FROM "payments" pay WHERE pay."booking_id" = b."id" AND pay."stripe_payment_intent_id" IS NOT NULL),
       b."confirmed_at", b."created_at"
  FROM "bookings" b
  JOIN "properties" p ON p."id" = b."property_id"
 WHERE b."stay_mode" = 'tenancy'
   AND b."status" IN ('pending', 'confirmed')
   AND b."check_out" > DATE '2026-05-01'
   AND p."price_per_month" > 0
   AND p."nation" = 'England'
ON CONFLICT DO NOTHING;
