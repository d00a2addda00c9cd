import type { FastifyBaseLogger } from "fastify";
import { formatDateGb, nightsBetween } from "../../../common/domain/calendar-dates";
import { bookingReference } from "../../../common/schemas/bookings";
import type { Database } from "../../db/client";
import { findBookingParties } from "../../repositories/bookings.repository";
import {
  bookingCancelledLetter,
  bookingConfirmedLetter,
  bookingRequestedLetter,
  type StayFacts,
} from "./email-templates";
import type { Messenger } from "./messenger";

export type BookingNews = "requested" | "confirmed" | "cancelled";

/**
 * Tells the people of a booking what happened to it. Sent after the change is committed and never
 * allowed to undo it: a mail outage is logged, the booking stands.
 */
export class BookingNotifier {
  constructor(
    private readonly db: Database,
    private readonly messenger: Messenger,
    private readonly publicUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  notify(bookingId: number, news: BookingNews): void {
    this.send(bookingId, news).catch((error) =>
      this.log.warn({ err: error, bookingId, news }, "booking e-mail not sent; the booking itself is unaffected"),
    );
  }

  private async send(bookingId: number, news: BookingNews): Promise<void> {
    const b = await findBookingParties(this.db, bookingId);
    if (!b) return;
    const stay: StayFacts = {
      reference: bookingReference(b.id),
      propertyTitle: b.title,
      checkIn: formatDateGb(b.check_in),
      checkOut: formatDateGb(b.check_out),
      nights: nightsBetween(b.check_in, b.check_out),
      guests: b.guest_count,
      total: b.total_price,
    };
    const guest = { email: b.guest_email, firstName: b.guest_first_name };
    const landlord = { email: b.owner_email, firstName: b.owner_first_name };
    const myBookings = `${this.publicUrl}/bookings`;
    if (news === "requested") {
      const answerBy = b.hold_expires_at
        ? new Date(b.hold_expires_at).toLocaleString("en-GB", {
            timeZone: "Europe/London",
            dateStyle: "long",
            timeStyle: "short",
          })
        : "the time shown in your dashboard";
      await this.messenger.sendEmail(bookingRequestedLetter(landlord, stay, answerBy, `${this.publicUrl}/dashboard`));
    } else if (news === "confirmed") {
      await this.messenger.sendEmail(bookingConfirmedLetter(guest, stay, myBookings));
    } else {
      const refund = b.refund_amount ?? "0.00";
      const why =
        b.cancelled_by === "guest"
          ? "The guest cancelled this booking."
          : b.cancelled_by === "system"
            ? "This booking lapsed: it was not paid or accepted in time."
            : b.cancelled_by === "admin"
              ? "StayLondon cancelled or declined this booking."
              : "The landlord cancelled or declined this booking.";
      await this.messenger.sendEmail(bookingCancelledLetter(guest, stay, why, refund, myBookings));
      // The landlord hears of every cancellation they did not make themselves.
      if (b.cancelled_by === "guest" || b.cancelled_by === "admin") {
        await this.messenger.sendEmail(
          bookingCancelledLetter(landlord, stay, why, refund, `${this.publicUrl}/dashboard`),
        );
      }
    }
  }
}
