-- The ledger begins with the money of every stay already booked, so balances and statements cover the whole history,
-- not only what happens after this release. Each booking is recorded as the app records it from now on, with the same
-- idempotency keys (so nothing is ever posted twice):
-- - a stay that was confirmed: the guest owes its total; the service fee is the platform's and the rest the landlord's
--   (no stay had a manager's fee before the ledger);
-- - its payment: the card payment Stripe collected, or, where none was collected (demo mode), a demo payment;
-- - a refund on cancelling: taken from the landlord's share of the nights first and from the fee only beyond them;
-- - a card payment that arrived after its hold had lapsed, and was given back.
-- The demo seed writes its stays after the migrations and then applies this same file, so both are recorded alike.
CREATE TEMP TABLE stay_money AS
SELECT b.id AS booking_id,
       b.guest_id,
       p.owner_id,
       round(b.total_price * 100)::bigint AS total_pence,
       least(round(coalesce(b.service_fee, 0) * 100), round(b.total_price * 100))::bigint AS fee_pence,
       least(round(coalesce(b.refund_amount, 0) * 100), round(b.total_price * 100))::bigint AS refund_pence,
       NOT EXISTS (
         SELECT 1 FROM payments pay
          WHERE pay.booking_id = b.id AND pay.stripe_payment_intent_id IS NOT NULL
            AND pay.status IN ('succeeded', 'refunded')
       ) AS demo,
       coalesce(b.confirmed_at, b.created_at) AS charged_at,
       coalesce(b.cancelled_at, b.created_at) AS cancelled_at
  FROM bookings b
  JOIN properties p ON p.id = b.property_id
 WHERE b.total_price > 0
   AND (b.status IN ('confirmed', 'completed') OR b.confirmed_at IS NOT NULL OR coalesce(b.refund_amount, 0) > 0);
--> statement-breakpoint
CREATE TEMP TABLE card_payments AS
SELECT pay.booking_id,
       b.guest_id,
       pay.stripe_payment_intent_id AS intent,
       round(pay.amount * 100)::bigint AS paid_pence,
       least(round(pay.refunded_amount * 100), round(pay.amount * 100))::bigint AS returned_pence,
       pay.created_at,
       EXISTS (SELECT 1 FROM stay_money s WHERE s.booking_id = pay.booking_id) AS charged
  FROM payments pay
  JOIN bookings b ON b.id = pay.booking_id
 WHERE pay.stripe_payment_intent_id IS NOT NULL AND pay.status IN ('succeeded', 'refunded') AND pay.amount > 0;
--> statement-breakpoint
INSERT INTO ledger_accounts (kind) VALUES ('platform_cash'), ('platform_fees')
    ON CONFLICT (kind) WHERE party_id IS NULL DO NOTHING;
--> statement-breakpoint
INSERT INTO ledger_accounts (kind, party_id)
SELECT 'guest_receivable'::ledger_account_kind, guest_id FROM stay_money
 UNION SELECT 'guest_receivable', guest_id FROM card_payments
 UNION SELECT 'earnings_held', owner_id FROM stay_money
    ON CONFLICT (kind, party_id) WHERE party_id IS NOT NULL DO NOTHING;
--> statement-breakpoint
-- The charge of each confirmed stay.
WITH posted AS (
  INSERT INTO ledger_transactions (kind, idempotency_key, demo, booking_id, memo, created_at)
  SELECT 'booking_charge', 'booking:' || booking_id || ':charge', demo, booking_id,
         'Recorded from the booking when the ledger began', charged_at
    FROM stay_money
      ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, booking_id
)
INSERT INTO ledger_entries (transaction_id, account_id, amount_pence)
SELECT posted.id, a.id, line.amount
  FROM posted
  JOIN stay_money s ON s.booking_id = posted.booking_id
 CROSS JOIN LATERAL (VALUES ('guest_receivable'::ledger_account_kind, s.guest_id, s.total_pence),
                            ('platform_fees'::ledger_account_kind, NULL::integer, -s.fee_pence),
                            ('earnings_held'::ledger_account_kind, s.owner_id, s.fee_pence - s.total_pence))
       AS line(kind, party_id, amount)
  JOIN ledger_accounts a ON a.kind = line.kind AND a.party_id IS NOT DISTINCT FROM line.party_id
 WHERE line.amount <> 0;
--> statement-breakpoint
-- Money that reached the platform: each card payment Stripe collected, and a demo payment for a stay confirmed without
-- one (demo mode), so a demo stay runs through the same accounts as a real one.
WITH paid AS (
  SELECT 'payment:' || intent AS idempotency_key, false AS demo, booking_id, guest_id, paid_pence AS amount,
         intent AS stripe_object_id, created_at
    FROM card_payments
   UNION ALL
  SELECT 'booking:' || booking_id || ':payment', true, booking_id, guest_id, total_pence, NULL, charged_at
    FROM stay_money WHERE demo
), posted AS (
  INSERT INTO ledger_transactions (kind, idempotency_key, demo, booking_id, stripe_object_id, memo, created_at)
  SELECT 'payment_collected', idempotency_key, demo, booking_id, stripe_object_id,
         CASE WHEN demo THEN 'Demo mode: no card was charged' END, created_at
    FROM paid
      ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, idempotency_key
)
INSERT INTO ledger_entries (transaction_id, account_id, amount_pence)
SELECT posted.id, a.id, line.amount
  FROM posted
  JOIN paid USING (idempotency_key)
 CROSS JOIN LATERAL (VALUES ('platform_cash'::ledger_account_kind, NULL::integer, paid.amount),
                            ('guest_receivable'::ledger_account_kind, paid.guest_id, -paid.amount))
       AS line(kind, party_id, amount)
  JOIN ledger_accounts a ON a.kind = line.kind AND a.party_id IS NOT DISTINCT FROM line.party_id;
--> statement-breakpoint
-- Refunds on cancelling: from the nights first (all of them the landlord's), from the fee only beyond the nights.
WITH refunded AS (
  SELECT s.*, least(s.refund_pence, s.total_pence - s.fee_pence) AS from_nights
    FROM stay_money s WHERE s.refund_pence > 0
), posted AS (
  INSERT INTO ledger_transactions (kind, idempotency_key, demo, booking_id, memo, created_at)
  SELECT 'refund', 'booking:' || booking_id || ':refund', demo, booking_id,
         'Recorded from the booking when the ledger began', cancelled_at
    FROM refunded
      ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, booking_id
)
INSERT INTO ledger_entries (transaction_id, account_id, amount_pence)
SELECT posted.id, a.id, line.amount
  FROM posted
  JOIN refunded r ON r.booking_id = posted.booking_id
 CROSS JOIN LATERAL (VALUES ('platform_fees'::ledger_account_kind, NULL::integer, r.refund_pence - r.from_nights),
                            ('earnings_held'::ledger_account_kind, r.owner_id, r.from_nights),
                            ('platform_cash'::ledger_account_kind, NULL::integer, -r.refund_pence))
       AS line(kind, party_id, amount)
  JOIN ledger_accounts a ON a.kind = line.kind AND a.party_id IS NOT DISTINCT FROM line.party_id
 WHERE line.amount <> 0;
--> statement-breakpoint
-- A payment that arrived after its booking's hold had lapsed went straight back to the guest.
WITH returned AS (
  SELECT * FROM card_payments WHERE NOT charged AND returned_pence > 0
), posted AS (
  INSERT INTO ledger_transactions (kind, idempotency_key, demo, booking_id, stripe_object_id, memo, created_at)
  SELECT 'refund', 'payment:' || intent || ':returned', false, booking_id, intent,
         'A payment that came after the hold had lapsed, given back', created_at
    FROM returned
      ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, stripe_object_id
)
INSERT INTO ledger_entries (transaction_id, account_id, amount_pence)
SELECT posted.id, a.id, line.amount
  FROM posted
  JOIN returned r ON r.intent = posted.stripe_object_id
 CROSS JOIN LATERAL (VALUES ('guest_receivable'::ledger_account_kind, r.guest_id, r.returned_pence),
                            ('platform_cash'::ledger_account_kind, NULL::integer, -r.returned_pence))
       AS line(kind, party_id, amount)
  JOIN ledger_accounts a ON a.kind = line.kind AND a.party_id IS NOT DISTINCT FROM line.party_id;
--> statement-breakpoint
DROP TABLE stay_money, card_payments;
