import { formatDateGb, londonToday } from "../../common/domain/calendar-dates";
import { poundsToPence } from "../../common/domain/pricing";
import { formatPence } from "../../common/domain/stay-modes";
import {
  DEPOSIT_SCHEME_DETAILS,
  depositAboveCapReason,
  depositProtectionState,
  PROTECTION_DEADLINE_DAYS,
} from "../../common/domain/tenancy-deposits";
import { UK_RULES } from "../../common/domain/uk-law";
import { bookingReference } from "../../common/schemas/bookings";
import type { TDepositProtection, TRecordDepositProtection } from "../../common/schemas/tenancy-deposits";
import { type Actor, bookingPart } from "../access/records";
import type { Database } from "../db/client";
import { ConflictError, ForbiddenError, InvalidInputError, notFound } from "../lib/errors";
import { renderPdf } from "../lib/pdf-document";
import {
  claimDueDepositReminders,
  type DepositBooking,
  type DepositRecord,
  findDepositBooking,
  findDepositRecords,
  saveDepositProtection,
} from "../repositories/tenancy-deposits.repository";
import { depositReminderLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";
import { bookedRentOf } from "./tenancies/tenancy-documents";

/** What the deposit's state is worked out from: the booking as stored. */
type DepositFacts = {
  stayMode: string | null;
  status: string;
  confirmedAt: Date | null;
  depositAmount: string | null;
};

/**
 * Where a tenancy's deposit stands: once the tenancy is confirmed, the deposit the landlord recorded (or the one the
 * booking was made with, received the day it was confirmed, until they record it) and whether it is protected in
 * time. Null for other stays, unconfirmed tenancies and tenancies without a deposit.
 */
export function depositProtectionOf(
  booking: DepositFacts,
  record: DepositRecord | undefined,
  today: string,
): TDepositProtection | null {
  if (booking.stayMode !== "tenancy" || !booking.confirmedAt) return null;
  if (booking.status !== "confirmed" && booking.status !== "completed") return null;
  const recorded = record?.amountPence != null && record.receivedOn != null;
  const amountPence = recorded
    ? (record?.amountPence ?? 0)
    : booking.depositAmount === null
      ? 0
      : poundsToPence(booking.depositAmount);
  if (amountPence <= 0) return null;
  const receivedOn = (recorded && record?.receivedOn) || londonToday(booking.confirmedAt);
  const protectedOn = record?.protectedOn ?? null;
  const state = depositProtectionState({ receivedOn, protectedOn }, today);
  const scheme = record?.scheme ?? null;
  return {
    amountPence,
    receivedOn,
    state: state.state,
    dueOn: state.dueOn,
    protectedOn,
    scheme,
    schemeName: scheme ? DEPOSIT_SCHEME_DETAILS[scheme].name : null,
    certificateNumber: record?.certificateNumber ?? null,
  };
}

/**
 * Tenancy deposits: the landlord records the deposit received and its protection, both sides read where it stands and
 * the prescribed information as a PDF, and a job reminds the landlord on day 20 while it is unprotected.
 */
export class TenancyDepositsService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    /** Where the landlord records the protection from the reminder. */
    private readonly bookingsUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The deposit states of these bookings, for lists. */
  async protectionsFor(bookings: readonly (DepositFacts & { id: number })[]): Promise<Map<number, TDepositProtection>> {
    const tenancies = bookings.filter((b) => b.stayMode === "tenancy" && b.confirmedAt);
    const records = await findDepositRecords(
      this.db,
      tenancies.map((b) => b.id),
    );
    const today = londonToday(this.now());
    const states = new Map<number, TDepositProtection>();
    for (const booking of tenancies) {
      const state = depositProtectionOf(booking, records.get(booking.id), today);
      if (state) states.set(booking.id, state);
    }
    return states;
  }

  /** PUT /api/bookings/{id}/deposit: only the tenancy's landlord records it; the tenant and others get a 404. */
  async record(viewer: Actor, bookingId: number, input: TRecordDepositProtection): Promise<TDepositProtection> {
    const booking = await this.bookingFor(viewer, bookingId, "respond");
    if (booking.stay_mode !== "tenancy" || !booking.confirmed_at) {
      throw new ConflictError("A deposit's protection is recorded once a tenancy is confirmed.");
    }
    if (booking.status !== "confirmed" && booking.status !== "completed") {
      throw new ConflictError("This tenancy was cancelled; there is no deposit to protect.");
    }
    const today = londonToday(this.now());
    if (input.receivedOn > today)
      throw new InvalidInputError("The day the deposit was received cannot be in the future");
    if (input.protectedOn > today)
      throw new InvalidInputError("The day the deposit was protected cannot be in the future");
    const booked = londonToday(booking.created_at);
    if (input.receivedOn < booked) {
      throw new InvalidInputError(
        `The deposit cannot have been received before the booking was made (${formatDateGb(booked)})`,
      );
    }
    const amountPence = poundsToPence(input.amount);
    // The cap is weeks of the rent the tenancy was agreed at, not what the listing advertises now.
    const aboveCap = depositAboveCapReason(amountPence, bookedRentOf(booking), input.receivedOn);
    if (aboveCap) throw new InvalidInputError(aboveCap);

    await this.db.transaction((tx) =>
      saveDepositProtection(tx, {
        bookingId,
        amountPence,
        receivedOn: input.receivedOn,
        scheme: input.scheme,
        certificateNumber: input.certificateNumber,
        protectedOn: input.protectedOn,
        recordedBy: viewer.id,
      }),
    );
    const records = await findDepositRecords(this.db, [bookingId]);
    const state = depositProtectionOf(
      { stayMode: booking.stay_mode, status: booking.status, confirmedAt: booking.confirmed_at, depositAmount: null },
      records.get(bookingId),
      today,
    );
    if (!state) throw new Error("recorded deposit has no state");
    return state;
  }

  /** The prescribed information for a protected deposit, for the tenant, the landlord or an admin. */
  async prescribedInformationPdf(viewer: Actor, bookingId: number): Promise<Buffer> {
    const booking = await this.bookingFor(viewer, bookingId, "read");
    const record = (await findDepositRecords(this.db, [bookingId])).get(bookingId);
    const state = depositProtectionOf(
      { stayMode: booking.stay_mode, status: booking.status, confirmedAt: booking.confirmed_at, depositAmount: null },
      record,
      londonToday(this.now()),
    );
    if (state?.state !== "protected" || !state.scheme || !state.protectedOn || !record?.recordedAt) {
      throw new ConflictError(
        "The prescribed information is ready once the landlord records the deposit's protection.",
      );
    }
    const scheme = DEPOSIT_SCHEME_DETAILS[state.scheme];
    return renderPdf({
      title: "Tenancy deposit: prescribed information",
      number: bookingReference(booking.id),
      issuer: ["StayLondon, for the landlord", booking.owner_name || booking.owner_email],
      facts: [
        ["Property", `${booking.property_title}, ${booking.property_address}, ${booking.property_city}`],
        ["Tenancy from", formatDateGb(booking.check_in)],
        ["Landlord", `${booking.owner_name || "—"} (${booking.owner_email})`],
        ["Tenant", `${booking.guest_name || "—"} (${booking.guest_email})`],
        ["Deposit", formatPence(state.amountPence)],
        ["Received on", formatDateGb(state.receivedOn)],
        ["Protected on", formatDateGb(state.protectedOn)],
        ["Scheme", scheme.name],
        ["Scheme website", scheme.website],
        ["Certificate number", state.certificateNumber ?? ""],
      ],
      notes: [
        `The landlord must protect a tenancy deposit in a government-approved scheme and give the tenant this information within ${PROTECTION_DEADLINE_DAYS} days of receiving it (${UK_RULES.depositProtection.source}).`,
        "At the end of the tenancy the deposit is returned, less any deductions the landlord and tenant agree. If they do not agree, either may ask the scheme's free dispute resolution service to decide; the part in dispute is kept until it does.",
        "The landlord may keep part of the deposit for unpaid rent or bills, for damage beyond fair wear and tear, or for other breaches of the tenancy agreement, as the agreement sets out.",
        "Look the deposit up on the scheme's website with the certificate number above. Guidance from public sources, not legal advice.",
      ],
      tables: [],
      issuedAt: record.recordedAt,
    });
  }

  /** Writes the day-20 reminders due now; answers the bookings reminded. */
  sendDueReminders(): Promise<number[]> {
    return this.db.transaction(async (tx) => {
      const today = londonToday(this.now());
      const due = await claimDueDepositReminders(tx, today);
      await this.outbox.add(
        tx,
        due.map((row) => ({
          email: depositReminderLetter(
            { email: row.owner_email, firstName: row.owner_first_name },
            {
              propertyTitle: row.property_title,
              amount: formatPence(row.amount_pence),
              dueOn: formatDateGb(
                depositProtectionState({ receivedOn: row.received_on, protectedOn: null }, today).dueOn,
              ),
            },
            this.bookingsUrl,
          ),
        })),
      );
      return due.map((row) => row.booking_id);
    });
  }

  private async bookingFor(viewer: Actor, bookingId: number, action: "read" | "respond"): Promise<DepositBooking> {
    const booking = await findDepositBooking(this.db, bookingId);
    if (!booking) throw notFound("Booking not found");
    const part = bookingPart(viewer, { guestId: booking.guest_id, ownerId: booking.owner_id }, action);
    // The landlord holds the certificate; an admin reads it but does not record it for them.
    if (action === "respond" && part !== "landlord") {
      throw new ForbiddenError("Only the landlord records where the deposit is protected.");
    }
    return booking;
  }
}
