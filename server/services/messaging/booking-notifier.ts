import { londonToday, nightsBetween } from "../../../common/domain/calendar-dates";
import { penceToPounds, poundsToPence } from "../../../common/domain/pricing";
import { tenancyReminders } from "../../../common/domain/stay-mode-rules";
import { bookingReference } from "../../../common/schemas/bookings";
import { formatFullDate, formatLongDateTime } from "../../../common/utils/dates";
import type { Tx } from "../../db/client";
import type { BookingRow } from "../../repositories/availability.repository";
import { findBookingParties } from "../../repositories/bookings.repository";
import {
  bookingCancelledLetter,
  bookingConfirmedLetter,
  bookingRequestedLetter,
  instantBookingLetter,
  type StayFacts,
  tenancyDutiesLetter,
} from "./email-templates";
import type { Email } from "./messenger";
import { OutboxNotifier } from "./outbox-notifier";

export type BookingNews = "requested" | "confirmed" | "booked_instantly" | "cancelled";

/** A booking with its listing and its people, as every letter about it is written from. */
export type BookingParties = NonNullable<Awaited<ReturnType<typeof findBookingParties>>>;
/** What every letter states of the stay. */
type StayRow = Pick<
  BookingParties,
  | "id"
  | "title"
  | "check_in"
  | "check_out"
  | "guest_count"
  | "total_price"
  | "tenancy_rent_pence"
  | "tenancy_ends_on"
  | "tenancy_demo"
>;
/** What a new request's letter to the landlord says: the stay, when to answer by, and whether it is a tenancy. */
type RequestFacts = StayRow &
  Pick<BookingParties, "hold_expires_at" | "stay_mode" | "owner_email" | "owner_first_name">;

/** The stay as every letter about a booking states it: reference, property, dates, nights, party and price. */
export function stayFactsOf(b: StayRow): StayFacts {
  return {
    reference: bookingReference(b.id),
    propertyTitle: b.title,
    checkIn: formatFullDate(b.check_in),
    checkOut: formatFullDate(b.check_out),
    nights: nightsBetween(b.check_in, b.check_out),
    guests: b.guest_count,
    total: b.total_price,
    ...(b.tenancy_rent_pence === null
      ? {}
      : {
          periodic: {
            monthlyRent: penceToPounds(b.tenancy_rent_pence).toFixed(2),
            lastDay: b.tenancy_ends_on && formatFullDate(b.tenancy_ends_on),
            demo: b.tenancy_demo === true,
          },
        }),
  };
}

/** Tells the people of a booking what happened to it (see OutboxNotifier). */
export class BookingNotifier extends OutboxNotifier<BookingNews> {
  /**
   * Tells the landlord of a short or mid let request just made, from the booking's inserted row and the listing
   * already read: nothing is read back. A periodic tenancy's request is told by `add`, whose letter states the tenancy
   * opened with it.
   */
  async addRequest(
    tx: Tx,
    booking: BookingRow,
    listing: { title: string; owner: { email: string; firstName: string | null } },
  ): Promise<void> {
    await this.write(tx, [
      this.requestLetter({
        id: booking.id,
        title: listing.title,
        check_in: booking.checkIn,
        check_out: booking.checkOut,
        guest_count: booking.guestCount,
        total_price: booking.totalPrice,
        hold_expires_at: booking.holdExpiresAt,
        stay_mode: booking.stayMode,
        owner_email: listing.owner.email,
        owner_first_name: listing.owner.firstName,
        tenancy_rent_pence: null,
        tenancy_ends_on: null,
        tenancy_demo: null,
      }),
    ]);
  }

  private requestLetter(b: RequestFacts): Email {
    const answerBy = b.hold_expires_at ? formatLongDateTime(b.hold_expires_at) : "the time shown in your dashboard";
    const note =
      b.stay_mode === "tenancy"
        ? "This request is for a tenancy. If you accept, protect the deposit in a government-approved scheme within 30 days of receiving it, and check the tenants' Right to Rent before the tenancy starts; we will send you the dates."
        : undefined;
    const landlord = { email: b.owner_email, firstName: b.owner_first_name };
    return bookingRequestedLetter(landlord, stayFactsOf(b), answerBy, `${this.publicUrl}/dashboard`, note);
  }

  protected async letters(tx: Tx, bookingId: number, news: BookingNews): Promise<Email[]> {
    const b = await findBookingParties(tx, bookingId);
    if (!b) return [];
    if (news === "requested") return [this.requestLetter(b)];
    const stay = stayFactsOf(b);
    const guest = { email: b.guest_email, firstName: b.guest_first_name };
    const landlord = { email: b.owner_email, firstName: b.owner_first_name };
    const myBookings = `${this.publicUrl}/bookings`;
    if (news === "booked_instantly") {
      // No request reached the landlord, so they hear of the stay with the guest's confirmation.
      return [
        bookingConfirmedLetter(guest, stay, myBookings),
        instantBookingLetter(landlord, stay, `${this.publicUrl}/dashboard`),
      ];
    }
    if (news === "confirmed") {
      const letters = [bookingConfirmedLetter(guest, stay, myBookings)];
      // A tenancy starts the landlord's legal clock: the deposit's 30 days and the Right to Rent check.
      if (b.stay_mode === "tenancy") {
        const reminders = tenancyReminders({
          checkIn: b.check_in,
          confirmedOn: londonToday(b.confirmed_at ? new Date(b.confirmed_at) : new Date()),
          depositPence: b.deposit_amount === null ? null : poundsToPence(b.deposit_amount),
        });
        letters.push(tenancyDutiesLetter(landlord, stay, reminders, `${this.publicUrl}/landlord/bookings`));
      }
      return letters;
    }
    const refund = b.refund_amount ?? "0.00";
    const why =
      b.cancelled_by === "guest"
        ? "The guest cancelled this booking."
        : b.cancelled_by === "system"
          ? "This booking lapsed: it was not paid or accepted in time."
          : b.cancelled_by === "admin"
            ? "StayLondon cancelled or declined this booking."
            : "The landlord cancelled or declined this booking.";
    const letters = [bookingCancelledLetter(guest, stay, why, refund, myBookings)];
    // The landlord hears of every cancellation they did not make themselves.
    if (b.cancelled_by === "guest" || b.cancelled_by === "admin") {
      letters.push(bookingCancelledLetter(landlord, stay, why, refund, `${this.publicUrl}/dashboard`));
    }
    return letters;
  }
}
