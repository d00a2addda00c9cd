import { instantBookUnmet } from "../../../common/domain/instant-book";
import type { TInstantBookOffer } from "../../../common/schemas/instant-book";
import type { Database, Tx } from "../../db/client";
import type { BookingRow } from "../../repositories/availability.repository";
import { applyStatusChange } from "../../repositories/bookings.repository";
import { findGuestStanding, findInstantBookTerms } from "../../repositories/instant-book.repository";
import { payoutsReady } from "../../repositories/payout-accounts.repository";
import type { BookingNotifier } from "../messaging/booking-notifier";
import { postStayConfirmed } from "../money/booking-ledger";

/** `instantBook`: the listing's switch, when the caller has already read it (a listing with it off needs no read). */
type Listing = { id: number; ownerId: number; instantBook?: boolean };

/**
 * Instant book (decision 040): a landlord lets guests who meet their requirements have a stay confirmed without
 * waiting for an answer. It only ever replaces the landlord's accept step, which exists only without card payments;
 * with them, every short or mid let is confirmed by its payment already, and the money takes that one path.
 */
export class InstantBook {
  constructor(
    private readonly db: Database,
    private readonly paymentsEnabled: () => boolean,
  ) {}

  /**
   * Whether a booking of this listing by `guestId` is confirmed at once, and if not what the guest still lacks. A
   * landlord who cannot be paid yet takes requests only (a confirmed stay needs its payout set up), so instant book
   * is then off. With card payments on, paying confirms any short or mid let without the landlord, whoever books.
   */
  async offer(listing: Listing, guestId: number | null): Promise<TInstantBookOffer> {
    const terms = await findInstantBookTerms(this.db, listing.id);
    if (!terms?.instantBook || !(await payoutsReady(this.db, listing.ownerId))) return { on: false, unmet: [] };
    if (this.paymentsEnabled())
      return guestId === null ? { on: true, unmet: [] } : { on: true, youQualify: true, unmet: [] };
    if (guestId === null) return { on: true, unmet: instantBookUnmet(terms, null) };
    const unmet = instantBookUnmet(terms, await findGuestStanding(this.db, guestId, listing.id));
    return { on: true, youQualify: unmet.length === 0, unmet };
  }

  /**
   * Whether a new booking is confirmed as it is made. Never a tenancy: agreeing one needs the landlord (the written
   * statement of terms, the Right to Rent check), instant book or not. Never with card payments on: the payment
   * confirms the stay, through the same path as any other.
   */
  async confirmsAtOnce(listing: Listing, guestId: number, mode: string): Promise<boolean> {
    if (mode === "tenancy" || this.paymentsEnabled() || listing.instantBook === false) return false;
    const offer = await this.offer(listing, guestId);
    return offer.on && offer.youQualify === true;
  }

  /**
   * Confirms a just-made request in its own transaction, as a landlord's accept would: the status change with its
   * event, the stay's charge and its demo payment in the ledger, and the letters (the landlord's too, as no request
   * reached them).
   */
  async confirm(tx: Tx, booking: BookingRow, ownerId: number, notifier?: BookingNotifier): Promise<BookingRow> {
    const confirmedAt = new Date();
    const changed = await applyStatusChange(tx, {
      bookingId: booking.id,
      transition: "instant_book",
      from: "pending",
      to: "confirmed",
      actor: "system",
      actorUserId: null,
      set: { confirmedAt, holdExpiresAt: null },
      details: { instantBook: true },
    });
    if (!changed) return booking;
    // Nothing was collected without card payments: the stay's money is demo money, as an accepted request's is.
    await postStayConfirmed(tx, { ...booking, ownerId }, { demo: true });
    await notifier?.add(tx, booking.id, "booked_instantly");
    return { ...booking, status: "confirmed", confirmedAt, holdExpiresAt: null };
  }
}
