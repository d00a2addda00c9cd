import { sql } from "drizzle-orm";
import { londonToday } from "../../../common/domain/calendar-dates";
import type { Database } from "../../db/client";
import { findBookingParties } from "../../repositories/bookings.repository";
import type { EmailPreferencesService } from "../email-preferences.service";
import { stayFactsOf } from "./booking-notifier";
import { arrivalReminderLetter } from "./email-templates";
import type { Email } from "./messenger";
import type { Outbox } from "./outbox";

/** How many days before check-in a guest who asked for reminders hears from us. */
export const REMINDER_DAYS_BEFORE = 3;

/**
 * Reminds guests who asked for stay reminders that their stay is near, once per booking. Marking the booking and
 * writing the letter happen in one transaction, as one conditional UPDATE: two app instances never send it twice.
 * A stay confirmed within the last day is left out: its confirmation has just said the same.
 */
export class ArrivalReminders {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly preferences: Pick<EmailPreferencesService, "unsubscribeLinks">,
    private readonly publicUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Sends the reminders due now; returns the bookings reminded. */
  async sendDue(): Promise<number[]> {
    const today = londonToday(this.now());
    return this.db.transaction(async (tx) => {
      const due = await tx.execute<{ id: number; guest_id: number }>(sql`
        update bookings b set arrival_reminder_sent_at = now()
          from users u
         where u.id = b.guest_id and u.reminder_emails and u.closed_at is null
           and b.status = 'confirmed' and b.arrival_reminder_sent_at is null
           and b.check_in between ${today}::date and ${today}::date + ${REMINDER_DAYS_BEFORE}::int
           and b.confirmed_at < now() - interval '1 day'
        returning b.id, b.guest_id`);
      const letters: Email[] = [];
      for (const { id, guest_id } of due.rows) {
        const b = await findBookingParties(tx, id);
        if (!b) continue;
        const stay = stayFactsOf(b);
        letters.push(
          arrivalReminderLetter({ email: b.guest_email, firstName: b.guest_first_name }, stay, {
            booking: `${this.publicUrl}/bookings`,
            unsubscribe: await this.preferences.unsubscribeLinks(guest_id, "reminders"),
          }),
        );
      }
      await this.outbox.add(
        tx,
        letters.map((email) => ({ email })),
      );
      return due.rows.map((row) => row.id);
    });
  }
}
