import { type SQL, sql } from "drizzle-orm";
import type { Database, Tx } from "../db/client";

/** Rows of one query as plain JSON objects, with timestamps as ISO text (PostgreSQL's own JSON of them). */
async function rows(db: Database | Tx, query: SQL): Promise<Record<string, unknown>[]> {
  const result = await db.execute<{ row: Record<string, unknown> }>(sql`select to_jsonb(q) as row from (${query}) q`);
  return result.rows.map((r) => r.row);
}

/** Runs the queries in turn: they share one connection (the export's transaction), which runs one at a time. */
async function oneAfterAnother<T>(queries: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const query of queries) results.push(await query());
  return results;
}

/**
 * Everything StayLondon holds about one person, section by section, for "Download my data" (UK GDPR's right of
 * access). Columns are listed by name: secrets (the password's hash, link and code hashes, card details, which
 * Stripe keeps) are never part of it, and other people's accounts appear only as the name they gave the person.
 */
export async function personalDataOf(db: Database | Tx, userId: number, email: string) {
  const [account] = await rows(
    db,
    sql`select id, email, first_name, last_name, role, profile_image_url, provider, is_approved, approved_at,
          email_verified, phone_number, phone_verified, location, registration_ip, last_login_at, last_login_ip,
          last_seen_at, is_frozen, frozen_at, frozen_reason, reminder_emails, marketing_emails,
          email_preferences_updated_at, totp_enabled_at as two_factor_on_since, created_at, updated_at
        from users where id = ${userId}`,
  );
  const [
    bookings,
    payments,
    reviews,
    saved,
    conversations,
    supportRequests,
    listings,
    signIns,
    sessions,
    passkeys,
    auditEntries,
    emails,
  ] = await oneAfterAnother([
    () =>
      rows(
        db,
        sql`select b.id, p.title as property, b.check_in, b.check_out, b.stay_mode, b.guest_count, b.status,
            b.total_price, b.service_fee, b.deposit_amount, b.guest_first_name, b.guest_last_name, b.guest_email,
            b.guest_phone, b.cancellation_policy, b.cancelled_at, b.cancellation_reason, b.refund_amount, b.created_at
          from bookings b join properties p on p.id = b.property_id
          where b.guest_id = ${userId} order by b.created_at`,
      ),
    () =>
      rows(
        db,
        sql`select pay.id, pay.booking_id, pay.amount, pay.currency, pay.status, pay.refunded_amount, pay.created_at
          from payments pay join bookings b on b.id = pay.booking_id
          where b.guest_id = ${userId} order by pay.created_at`,
      ),
    () =>
      rows(
        db,
        sql`select r.id, p.title as property, r.booking_id, r.rating, r.cleanliness, r.accuracy, r.communication,
            r.location, r.value, r.title, r.comment, r.host_response, r.is_public, r.created_at
          from reviews r join properties p on p.id = r.property_id
          where r.guest_id = ${userId} order by r.created_at`,
      ),
    () =>
      rows(
        db,
        sql`select s.property_id, p.title as property, s.created_at as saved_at
          from saved_properties s join properties p on p.id = s.property_id
          where s.user_id = ${userId} order by s.created_at`,
      ),
    // Conversations the person is part of (as the guest, the listing's owner, the manager of an assignment, or as
    // someone who wrote in one), every message in them.
    () =>
      rows(
        db,
        sql`select t.id, p.title as property, t.booking_id, t.created_at,
            (select coalesce(jsonb_agg(jsonb_build_object(
               'from', case when m.author_id = ${userId} then 'you' else m.author_side end,
               'body', m.body, 'sent_at', m.created_at) order by m.id), '[]'::jsonb)
             from thread_messages m where m.thread_id = t.id) as messages
          from message_threads t join properties p on p.id = t.property_id
          where t.guest_id = ${userId} or p.owner_id = ${userId}
            or t.assignment_id in (select a.id from property_manager_assignments a where a.manager_id = ${userId})
            or exists (select 1 from thread_messages w where w.thread_id = t.id and w.author_id = ${userId})
          order by t.id`,
      ),
    () =>
      rows(
        db,
        sql`select t.id, t.topic, t.status, t.booking_id, t.created_at, t.closed_at,
            (select coalesce(jsonb_agg(jsonb_build_object(
               'from', case when m.from_team then 'StayLondon support' else 'you' end,
               'body', m.body, 'sent_at', m.created_at) order by m.id), '[]'::jsonb)
             from support_messages m where m.ticket_id = t.id) as messages
          from support_tickets t where t.requester_id = ${userId} order by t.id`,
      ),
    () =>
      rows(
        db,
        sql`select id, title, address, city, postcode, is_active, created_at from properties
          where owner_id = ${userId} order by id`,
      ),
    () =>
      rows(
        db,
        sql`select ip_address, user_agent, success, failure_reason, attempted_at from login_attempts
          where lower(email) = lower(${email}) order by attempted_at`,
      ),
    () =>
      rows(
        db,
        sql`select sess->>'userAgent' as device, sess->>'ip' as ip,
            to_timestamp((sess->>'createdAt')::bigint / 1000.0) as signed_in_at, expire as expires_at
          from sessions where (sess->>'userId')::int = ${userId} and expire > now()`,
      ),
    () =>
      rows(
        db,
        sql`select name, device_type, backed_up, created_at, last_used_at from passkeys
            where user_id = ${userId} order by id`,
      ),
    () =>
      rows(
        db,
        sql`select created_at, action, message from audit_logs
          where subject_user_id = ${userId} or actor_id = ${userId} order by created_at`,
      ),
    () =>
      rows(
        db,
        sql`select channel, subject, status, created_at from outgoing_messages
          where recipient = ${email} or recipient = ${account?.phone_number ?? ""} order by created_at`,
      ),
  ]);
  return {
    account,
    bookings,
    payments,
    reviews,
    savedProperties: saved,
    conversations,
    supportRequests,
    listings,
    signInAttempts: signIns,
    signedInSessions: sessions,
    passkeys,
    accountHistory: auditEntries,
    messagesSentToYou: emails,
  };
}
