import { isCalendarDate, londonToday, longerThanMonths, nightsBetween } from "@common/domain/calendar-dates";
import { guestsCounted, type TParty } from "@common/domain/party";
import { periodicTenancyCovers } from "@common/domain/periodic-terms";
import { MID_LET_MAX_MONTHS, MID_LET_MIN_NIGHTS } from "@common/domain/stay-modes";
import type { TCreateBookingRequest } from "@common/schemas/bookings";
import { readParty } from "@/lib/party-params";

/** The wizard's four steps, in order. */
export const WIZARD_STEPS = ["Stay Details", "Guest Information", "Payment", "Confirmation"] as const;
export type WizardStep = 1 | 2 | 3 | 4;

/**
 * `asTenancy`: the guest asked for a stay of 28 nights or more to be let as a tenancy or, where tenancies are periodic,
 * for a tenancy from check-in (the move-in day) with no check-out.
 */
export type StayDraft = {
  checkIn: string;
  checkOut: string;
  /** Adults and children: the count against the home's capacity. */
  guestCount: number | null;
  asTenancy?: boolean;
  /** Who comes; when given, guestCount is its adults and children. */
  party?: TParty;
};
export type GuestDraft = { firstName: string; lastName: string; email: string; phone: string };

/** A toast's title and text. */
export type Problem = { title: string; description: string };

/** How a listing lets tenancies today: whether it offers them, and whether they are periodic (no end date). */
export type TenancyTerms = { offered: boolean; periodic: boolean };

export function tenancyTermsOf(
  property: { tenancyOffered: boolean; nation: string | null },
  today = londonToday(),
): TenancyTerms {
  return { offered: property.tenancyOffered, periodic: periodicTenancyCovers(property.nation, today) };
}

/** A periodic tenancy asked for by its move-in day alone: it has no end date until the tenant gives notice. */
export function asksMoveInOnly(stay: StayDraft, terms: TenancyTerms): boolean {
  return terms.offered && terms.periodic && Boolean(stay.asTenancy);
}

/**
 * What step 1 of the wizard checks, plus the order of the dates (the server would refuse reversed ones). A tenancy
 * asked by its move-in day needs only that day and the guests.
 */
export function stayDetailsProblem(stay: StayDraft, moveInOnly = false): Problem | null {
  if (moveInOnly) {
    if (stay.checkIn && stay.guestCount !== null && stay.guestCount >= 1) return null;
    return { title: "Please complete all fields", description: "The move-in date and guest count are required." };
  }
  if (!stay.checkIn || !stay.checkOut || stay.guestCount === null || stay.guestCount < 1) {
    return {
      title: "Please complete all fields",
      description: "Check-in, check-out dates and guest count are required.",
    };
  }
  if (stay.checkOut <= stay.checkIn) {
    return { title: "Check your dates", description: "Check-out must be after check-in." };
  }
  return null;
}

/** Phone is optional. */
export function guestInfoProblem(guest: GuestDraft): Problem | null {
  if (!guest.firstName.trim() || !guest.lastName.trim() || !guest.email.trim()) {
    return { title: "Please complete all fields", description: "First name, last name, and email are required." };
  }
  return null;
}

/**
 * Step 1 as a link left it (`?checkIn=2027-03-05&checkOut=2027-03-08&guests=2`): dates only when they are real
 * calendar dates, guests within 1..maxGuests, else one guest.
 */
export function stayFromQuery(params: URLSearchParams, maxGuests: number): StayDraft {
  const date = (name: string) => {
    const value = params.get(name)?.trim() ?? "";
    return isCalendarDate(value) ? value : "";
  };
  const guests = Number(params.get("guests"));
  const guestCount = Number.isInteger(guests) && guests >= 1 ? Math.min(guests, Math.max(1, maxGuests)) : 1;
  // An old link's guest count is kept within the home's capacity, as it always was; a party is read as sent.
  const party = (params.has("adults") ? readParty(params) : undefined) ?? {
    adults: guestCount,
    children: 0,
    infants: 0,
    pets: 0,
  };
  return {
    checkIn: date("checkIn"),
    checkOut: date("checkOut"),
    guestCount: guestsCounted(party),
    party,
    ...(params.get("asTenancy") === "true" ? { asTenancy: true } : {}),
  };
}

/**
 * Whether the guest may tick a tenancy for these dates: the listing offers fixed-term tenancies and the stay runs from
 * 28 nights up to 6 months (shorter cannot be one; longer is one anyway). Where tenancies are periodic the guest
 * chooses between a stay and a tenancy from a move-in day instead.
 */
export function tenancyChoiceOffered(stay: StayDraft, terms: TenancyTerms): boolean {
  if (!terms.offered || terms.periodic || !isCalendarDate(stay.checkIn) || !isCalendarDate(stay.checkOut)) return false;
  if (stay.checkOut <= stay.checkIn) return false;
  return (
    nightsBetween(stay.checkIn, stay.checkOut) >= MID_LET_MIN_NIGHTS && !longerThanMonths(stay, MID_LET_MAX_MONTHS)
  );
}

/** The guest's ask for a tenancy, where it still applies to the dates as they now stand. */
export function asksForTenancy(stay: StayDraft, terms: TenancyTerms): boolean {
  return asksMoveInOnly(stay, terms) || (Boolean(stay.asTenancy) && tenancyChoiceOffered(stay, terms));
}

/** The POST /api/bookings body: names trimmed, an empty phone left out, no check-out for a move-in day alone. */
export function toCreateBookingRequest(
  propertyId: number,
  stay: StayDraft,
  guest: GuestDraft,
  ask: { asTenancy: boolean; moveInOnly: boolean } = { asTenancy: false, moveInOnly: false },
): TCreateBookingRequest {
  const phone = guest.phone.trim();
  const asTenancy = ask.asTenancy || ask.moveInOnly;
  return {
    propertyId,
    checkIn: stay.checkIn,
    ...(ask.moveInOnly ? {} : { checkOut: stay.checkOut }),
    guestCount: stay.guestCount ?? 1,
    ...(stay.party ?? {}),
    guestInfo: {
      firstName: guest.firstName.trim(),
      lastName: guest.lastName.trim(),
      email: guest.email.trim(),
      ...(phone ? { phone } : {}),
    },
    ...(asTenancy ? { asTenancy: true } : {}),
  };
}

/**
 * One try at booking: the Idempotency-Key belongs to these exact details, so a double click or a retry after a
 * failed payment set-up answers the same booking instead of making a second one.
 */
export type BookingAttempt = { fingerprint: string; idempotencyKey: string };

export function fingerprintOf(request: TCreateBookingRequest): string {
  const { guestInfo } = request;
  return JSON.stringify([
    request.propertyId,
    request.checkIn,
    request.checkOut ?? "",
    request.guestCount,
    request.children ?? 0,
    request.infants ?? 0,
    request.pets ?? 0,
    guestInfo.firstName,
    guestInfo.lastName,
    guestInfo.email,
    guestInfo.phone ?? "",
    request.asTenancy ?? false,
  ]);
}

/** The same attempt while the details are unchanged; a new key once they change. */
export function attemptFor(
  previous: BookingAttempt | null,
  request: TCreateBookingRequest,
  newKey: () => string,
): BookingAttempt {
  const fingerprint = fingerprintOf(request);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { fingerprint, idempotencyKey: newKey() };
}

/** A random key; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Where `/booking/:id?booking=N` opens: the payment step while the booking can still be paid, else the
 * confirmation. A return from the card issuer's check (`redirect_status=succeeded`) goes to the confirmation.
 */
export function resumeStep(booking: { status: string; canPay: boolean }, redirectStatus: string | null): 3 | 4 {
  if (redirectStatus === "succeeded") return 4;
  return booking.status === "pending" && booking.canPay ? 3 : 4;
}

/** Consecutive nights at one price, for "£245 × 3 nights" lines. */
export function groupNights(nightly: readonly { date: string; price: number }[]): { price: number; nights: number }[] {
  const groups: { price: number; nights: number }[] = [];
  for (const night of nightly) {
    const last = groups.at(-1);
    if (last && last.price === night.price) last.nights += 1;
    else groups.push({ price: night.price, nights: 1 });
  }
  return groups;
}

/** Who comes as the wizard's steps show it: the party, or an old draft's count as adults. */
export function stayParty(stay: Pick<StayDraft, "party" | "guestCount">): TParty {
  return stay.party ?? { adults: stay.guestCount ?? 1, children: 0, infants: 0, pets: 0 };
}

/** The draft after the guest changed who comes: the count against capacity follows the party. */
export function withParty(stay: StayDraft, party: TParty): StayDraft {
  return { ...stay, party, guestCount: guestsCounted(party) };
}

/** The quote's ask for who comes: the party's counts, or the guest count alone. */
export function partyQuery(stay: StayDraft) {
  return stay.party ?? { guests: stay.guestCount ?? 1 };
}
