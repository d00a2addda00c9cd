import { sql } from "drizzle-orm";
import { OPEN_MAINTENANCE_STATUSES } from "../../common/domain/maintenance";
import type { Tx } from "../db/client";

/** Why an account cannot be closed yet, in the words Profile shows. Empty: it can be closed. */
export async function closureBlockers(tx: Tx, userId: number, today: string): Promise<string[]> {
  const result = await tx.execute<{
    stays: number;
    hosting: number;
    payments: number;
    refunds: number;
    jobs: number;
    unpaid: number;
    managing: number;
  }>(sql`
    select
      (select count(*)::int from bookings
        where guest_id = ${userId} and status in ('pending', 'confirmed') and check_out >= ${today}::date) as stays,
      (select count(*)::int from bookings b join properties p on p.id = b.property_id
        where p.owner_id = ${userId} and b.status in ('pending', 'confirmed') and b.check_out >= ${today}::date)
        as hosting,
      (select count(*)::int from payments pay join bookings b on b.id = pay.booking_id
        where b.guest_id = ${userId} and pay.status = 'pending') as payments,
      (select count(*)::int from bookings b
        where b.guest_id = ${userId} and b.status = 'cancelled' and coalesce(b.refund_amount, 0) >
          (select coalesce(sum(pay.refunded_amount), 0) from payments pay
            where pay.booking_id = b.id and pay.status in ('succeeded', 'refunded'))
          and exists (select 1 from payments pay where pay.booking_id = b.id and pay.status in ('succeeded', 'refunded')))
        as refunds,
      (select count(*)::int from maintenance_jobs
        where contractor_id = ${userId} and status = any(${sql.param([...OPEN_MAINTENANCE_STATUSES])}::text[]))
        as jobs,
      (select count(*)::int from maintenance_jobs
        where contractor_id = ${userId} and status = 'completed' and paid_at is null) as unpaid,
      (select count(*)::int from property_manager_assignments where manager_id = ${userId} and ended_at is null)
        as managing`);
  const row = result.rows[0];
  if (!row) return [];
  const reasons: string[] = [];
  const n = (count: number, one: string, many: string) => (count === 1 ? one : many.replace("#", String(count)));
  if (row.stays > 0) {
    reasons.push(
      n(
        row.stays,
        "You have a stay that is booked or under way. You can close your account once it has ended or been cancelled.",
        "You have # stays that are booked or under way. You can close your account once they have ended or been cancelled.",
      ),
    );
  }
  if (row.hosting > 0) {
    reasons.push(
      n(row.hosting, "A guest has a stay booked at one of your homes.", "Guests have # stays booked at your homes.") +
        " You can close your account once those stays have ended or been cancelled.",
    );
  }
  if (row.payments > 0) reasons.push("A payment of yours is still being processed.");
  if (row.refunds > 0) reasons.push("A refund is still on its way to you.");
  if (row.jobs > 0) {
    reasons.push(
      n(row.jobs, "You have a maintenance job still open.", "You have # maintenance jobs still open.") +
        " Finish or hand them back first.",
    );
  }
  if (row.unpaid > 0) reasons.push("You have completed maintenance work that has not been paid yet.");
  if (row.managing > 0) {
    reasons.push("You still manage properties for their owners. Ask them or our team to end the assignment first.");
  }
  return reasons;
}

/** What an account looks like after it is closed: nothing that names or reaches the person. */
export const closedAccountEmail = (userId: number) => `closed-account-${userId}@closed.invalid`;
const CLOSED_FIRST_NAME = "Former";
const CLOSED_LAST_NAME = "member";
export const CLOSED_ACCOUNT_LABEL = `${CLOSED_FIRST_NAME} ${CLOSED_LAST_NAME}`;
const REMOVED_MESSAGE = "This message was removed when its author closed their account.";

/**
 * Erases or replaces everything that identifies one person, in the caller's transaction (the account row locked).
 * Kept, without the name: bookings and payments (the law asks us to keep them), reviews' ratings and words (they
 * describe a home, and no longer say who wrote them), listings (taken off the site). Deleted: saved homes,
 * sign-in history, sessions, passkeys, links and codes, tax details, and queued messages to the person.
 */
export async function eraseAccount(
  tx: Tx,
  person: { id: number; email: string; firstName: string | null; lastName: string | null; phoneNumber: string | null },
): Promise<void> {
  const id = person.id;
  const email = person.email.toLowerCase();
  const label = `${CLOSED_ACCOUNT_LABEL} (account ${id})`;
  const fullName = [person.firstName, person.lastName]
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(" ");
  // What identifies the person in free text written about them. Longest first, so "Ada Lovelace" is replaced
  // whole before "Ada" alone; names only as whole words, so "Tom" leaves "tomorrow" alone.
  const strong = [person.email, person.phoneNumber, fullName].filter(present);
  const names = [person.firstName?.trim(), person.lastName?.trim()].filter(present);
  const everything = [...strong.map(escapeRegex), ...names.map((name) => `\\m${escapeRegex(name)}\\M`)];
  const scrub = (column: string, patterns: string[] = everything) =>
    patterns
      .sort((a, b) => b.length - a.length)
      .reduce<ReturnType<typeof sql>>(
        (expression, pattern) => sql`regexp_replace(${expression}, ${pattern}, ${label}, 'gi')`,
        sql.raw(column),
      );
  const strongOnly = strong.map(escapeRegex);

  await tx.execute(sql`
    update users set
      email = ${closedAccountEmail(id)}, first_name = ${CLOSED_FIRST_NAME}, last_name = ${CLOSED_LAST_NAME},
      password_hash = null, profile_image_url = null,
      provider = 'email', provider_id = null, email_verified = false, email_verification_token = null,
      email_verification_expires = null, email_verification_sent_at = null, phone_number = null,
      phone_verified = false, phone_verification_code = null, phone_verification_expires = null,
      phone_verification_sent_at = null, phone_verification_attempts = 0, registration_ip = null,
      last_login_ip = null, location = null, frozen_reason = null, totp_secret = null, totp_enabled_at = null,
      totp_last_step = null, marketing_emails = false, reminder_emails = false,
      email_preferences_updated_at = now(), closed_at = now(), updated_at = now()
    where id = ${id}`);

  // Bookings stay (the law asks us to keep them) without who stayed or what they wrote.
  await tx.execute(sql`
    update bookings set guest_first_name = null, guest_last_name = null, guest_email = null, guest_phone = null,
      cancellation_reason = case when cancelled_by = 'guest' then null else cancellation_reason end
    where guest_id = ${id}`);
  await tx.execute(sql`
    update booking_events set details = ${scrub("details::text")}::jsonb
    where booking_id in (select id from bookings where guest_id = ${id}) and details is not null`);

  await tx.execute(sql`delete from saved_properties where user_id = ${id}`);
  await tx.execute(sql`update thread_messages set body = ${REMOVED_MESSAGE} where author_id = ${id}`);
  await tx.execute(sql`
    update support_messages set body = ${REMOVED_MESSAGE}
    where not from_team and ticket_id in
      (select id from support_tickets where requester_id = ${id} or lower(requester_email) = ${email})`);
  await tx.execute(sql`
    update support_tickets set requester_name = ${CLOSED_ACCOUNT_LABEL}, requester_email = ${closedAccountEmail(id)}
    where requester_id = ${id} or lower(requester_email) = ${email}`);

  // Listings leave the site; their bookings and history stay with them.
  await tx.execute(sql`update properties set is_active = false where owner_id = ${id}`);

  await tx.execute(sql`delete from login_attempts where lower(email) = ${email}`);
  await tx.execute(sql`delete from password_reset_requests where user_id = ${id}`);
  await tx.execute(sql`delete from email_changes where user_id = ${id}`);
  await tx.execute(sql`delete from passkeys where user_id = ${id}`);
  await tx.execute(sql`delete from two_factor_recovery_codes where user_id = ${id}`);
  await tx.execute(sql`delete from webauthn_challenges where user_id = ${id}`);
  // Tax details go whole. HMRC's platform rules keep what was reported for six years: once the yearly report is
  // made, that step must keep its own copy of each report (name, address, identifiers, earnings) apart from this
  // table, so erasing an account never erases what was sent to HMRC.
  await tx.execute(sql`delete from seller_tax_details where user_id = ${id}`);
  await tx.execute(sql`delete from oauth_pending_identities where lower(email) = ${email}`);
  // Signed-in sessions, and sign-ins still waiting for a second factor.
  await tx.execute(
    sql`delete from sessions where (sess->>'userId')::int = ${id} or (sess->>'pendingUserId')::int = ${id}`,
  );
  await tx.execute(sql`delete from rate_limit_counters where position(${email} in lower(key)) > 0`);

  // Messages to the person, sent or not, and the dev outbox's copies (the stand-in for their mailbox).
  const recipients = [email, person.phoneNumber].filter((r): r is string => Boolean(r));
  await tx.execute(sql`
    delete from outgoing_messages where lower(recipient) = any(${sql.param(recipients)}::text[])`);
  await tx.execute(sql`delete from outbox_messages where lower(recipient) = any(${sql.param(recipients)}::text[])`);
  // Letters to other people that named them (a host told of their booking request): kept for delivery, renamed.
  if (strong.length > 0) {
    await tx.execute(sql`
      update outgoing_messages set subject = ${scrub("subject", strongOnly)}, body = ${scrub("body", strongOnly)},
        html = ${scrub("html", strongOnly)}
      where ${anyMatch(["subject", "body", "html"], strong)}`);
  }

  // System Logs keep what happened to the account, not who it was. The log refuses any other change to an entry.
  await tx.execute(sql`set local staylondon.audit_erasure = 'on'`);
  await tx.execute(sql`
    update audit_logs set
      actor_label = case when actor_id = ${id} then ${label} else ${scrub("actor_label", strongOnly)} end,
      subject_label = case when subject_user_id = ${id} then ${label} else ${scrub("subject_label", strongOnly)} end,
      message = ${scrub("message")},
      details = case when details is null then null else ${scrub("details::text")}::jsonb end
    where actor_id = ${id} or subject_user_id = ${id}
      or ${anyMatch(["message", "actor_label", "subject_label", "details::text"], strong)}`);
  await tx.execute(sql`set local staylondon.audit_erasure = 'off'`);
}

const present = (value: string | null | undefined): value is string => Boolean(value && value.length >= 2);
const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function anyMatch(columns: string[], needles: string[]) {
  const tests = columns.flatMap((column) =>
    needles.map((needle) => sql`position(${needle.toLowerCase()} in lower(coalesce(${sql.raw(column)}, ''))) > 0`),
  );
  return sql.join(tests, sql` or `);
}
