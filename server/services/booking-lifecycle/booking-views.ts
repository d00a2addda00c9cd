import type { BookingActor } from "../../../common/domain/booking-status";
import { londonToday } from "../../../common/domain/calendar-dates";
import { penceToPounds, poundsToPence } from "../../../common/domain/pricing";
import { tenancyReminders } from "../../../common/domain/stay-mode-rules";
import type { TParty } from "../../../common/entities/party";
import {
  bookingReference,
  type TGuestBooking,
  type TLandlordBooking,
  type TPeriodicTenancyTerm,
} from "../../../common/schemas/bookings";
import { type Actor, bookingPart, listScope, mayActOn } from "../../access/records";
import type { Database } from "../../db/client";
import { notFound } from "../../lib/errors";
import { publicGuestName } from "../../lib/person-names";
import { findCountedStays } from "../../repositories/booked-revenue.sql";
import {
  type BookingView,
  findBookingView,
  findGuestBookingViews,
  findLandlordBookings,
} from "../../repositories/bookings.repository";
import { findCountedNights } from "../../repositories/counted-nights.sql";
import { findTenancyTerms, type TenancyRow } from "../../repositories/tenancies.repository";
import { type DepositRecord, findDepositRecords } from "../../repositories/tenancy-deposits.repository";
import { findRightToRentChecks } from "../../repositories/tenancy-right-to-rent.repository";
import type { StripeGateway } from "../payments/stripe-gateway";
import { depositProtectionOf } from "../tenancy-deposits.service";
import type { BookingHousekeeping } from "./booking-housekeeping";
import { policyRefundPence } from "./cancellation-refund";

/** The signed-in person acting on a booking; named in the audit log when they act as an admin. */
export type Viewer = Actor & { email: string; firstName: string | null; lastName: string | null };

/**
 * Bookings as people see them: the guest's own, the landlord's list for their properties, and one booking for
 * whoever may read it, each with the buttons that would work now (cancel, pay, accept, review) and what
 * cancelling now would refund.
 */
export class BookingViews {
  constructor(
    private readonly db: Database,
    private readonly gateway: StripeGateway,
    private readonly housekeeping: BookingHousekeeping,
    private readonly today: () => string,
  ) {}

  async myBookings(guestId: number): Promise<TGuestBooking[]> {
    const today = this.today();
    const rows = await findGuestBookingViews(this.db, guestId);
    const ids = rows.map((row) => row.booking.id);
    const [deposits, terms, nights] = await Promise.all([
      findDepositRecords(this.db, ids),
      findTenancyTerms(this.db, ids),
      findCountedNights(this.db, ids, today),
    ]);
    return rows.map((row) =>
      this.toGuestBooking(row, guestId, today, {
        deposit: deposits.get(row.booking.id),
        term: terms.get(row.booking.id),
        nights: nights.get(row.booking.id) ?? 0,
      }),
    );
  }

  /** GET /api/bookings/landlord-bookings: the bookings of the viewer's properties (all of them for an admin). */
  async landlordBookings(viewer: Viewer): Promise<TLandlordBooking[]> {
    const today = this.today();
    const scope = listScope(viewer, "read", "property-booking");
    const rows = await findLandlordBookings(this.db, "ownerId" in scope ? scope.ownerId : undefined);
    const tenancyIds = rows.filter((row) => row.booking.stayMode === "tenancy").map((row) => row.booking.id);
    const ids = rows.map((row) => row.booking.id);
    const [deposits, terms, counted, rightToRent] = await Promise.all([
      findDepositRecords(this.db, tenancyIds),
      findTenancyTerms(this.db, tenancyIds),
      // What each stay counts for in the landlord's Nights Booked and Booked Revenue: a periodic tenancy's real
      // nights and the rent for them, not its calendar hold nor only its first month.
      findCountedStays(this.db, ids, today),
      findRightToRentChecks(this.db, tenancyIds),
    ]);
    return rows.map(({ booking, ...row }) => {
      const depositProtection = depositProtectionOf(booking, deposits.get(booking.id), today);
      const term = terms.get(booking.id);
      return {
        id: booking.id,
        reference: bookingReference(booking.id),
        propertyId: booking.propertyId,
        propertyTitle: row.propertyTitle,
        propertyAddress: row.propertyAddress,
        propertyCity: row.propertyCity,
        guestId: booking.guestId,
        guestName: publicGuestName(row.guestFirstName, row.guestLastName),
        checkInDate: booking.checkIn,
        checkOutDate: booking.checkOut,
        nights: counted.get(booking.id)?.nights ?? 0,
        guests: booking.guestCount,
        ...storedParty(booking),
        totalPrice: booking.totalPrice,
        serviceFee: booking.serviceFee,
        status: booking.status,
        holdExpiresAt: booking.status === "pending" ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
        createdAt: booking.createdAt.toISOString(),
        // With card payments on, a pending booking waits for the guest's payment, not for the landlord; a periodic
        // tenancy always waits for its landlord, who agrees it once the tenant's card is saved.
        awaitingPayment: booking.status === "pending" && this.gateway.enabled && !term,
        canAccept: booking.status === "pending" && (!this.gateway.enabled || !!term) && booking.checkIn >= today,
        canDecline: booking.status === "pending",
        // An agreed periodic tenancy is not cancelled: it ends by notice.
        canCancel: booking.status === "confirmed" && booking.checkIn > today && !term,
        // The owner talks to the guest; an admin looking at another landlord's bookings is not in that conversation.
        canMessage: mayActOn(viewer, "message", "message-thread", {
          guestId: booking.guestId,
          ownerId: row.ownerId,
          managerId: null,
        }),
        cancellation:
          booking.status === "cancelled"
            ? {
                cancelledBy: (booking.cancelledBy ?? "system") as BookingActor,
                refundAmount: booking.refundAmount ?? "0.00",
              }
            : null,
        stayMode: booking.stayMode,
        midLet: booking.stayPurpose
          ? {
              purpose: booking.stayPurpose,
              purposeOther: booking.stayPurposeOther,
              mainHomeAddress: booking.mainHomeAddress ?? "",
            }
          : null,
        depositProtection,
        periodicTenancy: periodicTermOf(term),
        bookedRevenuePence: counted.get(booking.id)?.revenuePence ?? 0,
        // A tenancy asked for or agreed: what the law asks of the landlord, dated from the confirmation.
        tenancyReminders:
          booking.stayMode === "tenancy" && (booking.status === "pending" || booking.status === "confirmed")
            ? tenancyReminders({
                checkIn: booking.checkIn,
                confirmedOn: booking.confirmedAt ? londonToday(booking.confirmedAt) : null,
                depositPence: booking.depositAmount === null ? null : poundsToPence(booking.depositAmount),
                today,
                rightToRent: rightToRent.get(booking.id) ?? null,
                // A deposit recorded as protected is a duty done.
              }).filter((r) => r.kind !== "deposit_protection" || depositProtection?.state !== "protected")
            : [],
      };
    });
  }

  /** One booking, for its guest, the property's landlord or an admin; anyone else gets a 404. */
  async bookingFor(viewer: Viewer, bookingId: number): Promise<TGuestBooking> {
    await this.housekeeping.releaseLapsedHolds({ bookingId });
    const row = await findBookingView(this.db, bookingId);
    if (!row) throw notFound("Booking not found");
    bookingPart(viewer, { guestId: row.booking.guestId, ownerId: row.property.ownerId }, "read");
    const today = this.today();
    const [deposits, terms, nights] = await Promise.all([
      findDepositRecords(this.db, [bookingId]),
      findTenancyTerms(this.db, [bookingId]),
      findCountedNights(this.db, [bookingId], today),
    ]);
    return this.toGuestBooking(row, viewer.id, today, {
      deposit: deposits.get(bookingId),
      term: terms.get(bookingId),
      nights: nights.get(bookingId) ?? 0,
    });
  }

  private toGuestBooking(
    row: BookingView,
    viewerId: number,
    today: string,
    { deposit, term, nights }: { deposit: DepositRecord | undefined; term: TenancyTerm | undefined; nights: number },
  ): TGuestBooking {
    const { booking, property } = row;
    const isGuest = booking.guestId === viewerId;
    // An agreed periodic tenancy is not cancelled: the tenant ends it by notice.
    const cancellable =
      booking.status === "pending" || (booking.status === "confirmed" && booking.checkIn > today && !term);
    const refundNow =
      !isGuest || !cancellable
        ? null
        : booking.status === "pending"
          ? "0.00"
          : penceToPounds(policyRefundPence(booking, property.cancellationPolicy, "guest", today)).toFixed(2);
    const holdLive = booking.holdExpiresAt !== null && booking.holdExpiresAt.getTime() > Date.now();
    return {
      id: booking.id,
      reference: bookingReference(booking.id),
      propertyId: booking.propertyId,
      guestId: booking.guestId,
      checkIn: booking.checkIn,
      checkOut: booking.checkOut,
      nights,
      guestCount: booking.guestCount,
      ...storedParty(booking),
      totalPrice: booking.totalPrice,
      stayMode: booking.stayMode,
      serviceFee: booking.serviceFee,
      status: booking.status,
      holdExpiresAt: booking.status === "pending" ? (booking.holdExpiresAt?.toISOString() ?? null) : null,
      guestInfo: {
        firstName: booking.guestFirstName,
        lastName: booking.guestLastName,
        email: booking.guestEmail,
        phone: booking.guestPhone,
      },
      createdAt: booking.createdAt.toISOString(),
      property: {
        id: property.id,
        slug: property.slug,
        title: property.title,
        city: property.city,
        images: row.images,
        cancellationPolicy: property.cancellationPolicy,
      },
      payment: row.payment && {
        status: row.payment.status as NonNullable<TGuestBooking["payment"]>["status"],
        amount: row.payment.amount,
        currency: row.payment.currency,
      },
      canCancel: isGuest && cancellable,
      refundIfCancelledNow: refundNow,
      // A periodic tenancy is never paid by the guest: its landlord agrees it and the saved card pays the first month.
      canPay: isGuest && booking.status === "pending" && this.gateway.enabled && holdLive && !term,
      cancellation:
        booking.status === "cancelled"
          ? {
              cancelledAt: (booking.cancelledAt ?? booking.createdAt).toISOString(),
              cancelledBy: (booking.cancelledBy ?? "system") as BookingActor,
              reason: booking.cancellationReason,
              refundAmount: booking.refundAmount ?? "0.00",
            }
          : null,
      review: row.review,
      canReview: isGuest && booking.status === "completed" && row.review === null,
      depositProtection: depositProtectionOf(booking, deposit, today),
      periodicTenancy: periodicTermOf(term),
    };
  }
}

type TenancyTerm = Pick<TenancyRow, "startsOn" | "monthlyRentPence" | "endsOn">;

const periodicTermOf = (term: TenancyTerm | undefined): TPeriodicTenancyTerm | null =>
  term
    ? { startsOn: term.startsOn, monthlyRent: penceToPounds(term.monthlyRentPence).toFixed(2), endsOn: term.endsOn }
    : null;

/** Who comes on a stored booking. */
function storedParty(booking: TParty): TParty {
  return { adults: booking.adults, children: booking.children, infants: booking.infants, pets: booking.pets };
}
