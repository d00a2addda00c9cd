import { transition } from "../../../common/domain/booking-status";
import { londonToday } from "../../../common/domain/calendar-dates";
import {
  VERIFICATION_CHECK_LABELS,
  VERIFICATION_CHECKS,
  type VerificationCheck,
} from "../../../common/domain/listing-verification";
import { photoSrcSet } from "../../../common/domain/photo-sizes";
import {
  MAX_EXPORT_ROWS,
  STATUS_OF_DETAIL,
  type TAdminProperty,
  type TAdminPropertyAnalytics,
  type TAdminPropertyExportQuery,
  type TAdminPropertyListQuery,
  type TAdminPropertyRemoval,
  type TVerifyProperty,
} from "../../../common/schemas/admin-properties";
import { bookingReference } from "../../../common/schemas/bookings";
import { pageOffset } from "../../../common/schemas/paging";
import { type CsvColumn, toCsv } from "../../../common/utils/csv";
import { formatDayMonthYear } from "../../../common/utils/dates";
import { type Actor, listScope, mayActOn } from "../../access/records";
import type { Database, Tx } from "../../db/client";
import { ConflictError, notFound } from "../../lib/errors";
import { auditLabel } from "../../lib/person-names";
import { recordAudit } from "../../repositories/audit-logs.repository";
import { applyStatusChange } from "../../repositories/bookings.repository";
import {
  type AdminPropertyFilter,
  type AdminPropertyRow,
  clearPropertyRemoval,
  countAdminProperties,
  findAdminProperties,
  findAdminPropertiesForExport,
  findAdminProperty,
  findUnfinishedConfirmedStays,
  insertVerification,
  lockPendingBookings,
  lockPropertyForRemoval,
  lockStandingVerification,
  markPropertyRemoved,
  withdrawVerification,
} from "../../repositories/properties/moderation.repository";
import type { BookingLifecycleService } from "../booking-lifecycle/booking-lifecycle.service";
import type { LandlordAnalyticsService } from "../landlord-analytics.service";
import type { BookingNotifier } from "../messaging/booking-notifier";

/** The admin acting, as the audit log names them. */
type Admin = Actor & { email: string; firstName: string | null; lastName: string | null };

/** What the guest of a request declined with its listing reads; the admin's own reason stays internal. */
const REQUEST_DECLINED_REASON = "The listing was removed from StayLondon, so this request could not go ahead.";

const personName = (first: string | null, last: string | null, email: string) =>
  [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ") || email;

/**
 * Why a listing with confirmed stays not yet over cannot be removed: guests hold those nights, so an admin settles
 * them in Booking Oversight first. A stay under way cannot be cancelled at all; the listing can go once it ends.
 */
function unfinishedStaysMessage(stays: { stays: number; firstCheckIn: string; firstCheckOut: string }, today: string) {
  const { stays: count, firstCheckIn, firstCheckOut } = stays;
  if (firstCheckIn > today) {
    return count === 1
      ? `This listing has 1 upcoming confirmed stay (on ${formatDayMonthYear(firstCheckIn)}). Cancel or move it in Booking Oversight first.`
      : `This listing has ${count} upcoming confirmed stays (the first on ${formatDayMonthYear(firstCheckIn)}). Cancel or move them in Booking Oversight first.`;
  }
  const staying = `A guest is staying at this listing until ${formatDayMonthYear(firstCheckOut)}`;
  return count === 1
    ? `${staying}. It can be removed once they have checked out.`
    : `${staying}, and ${count - 1} more confirmed ${count === 2 ? "stay follows" : "stays follow"}. Cancel or move the later ${count === 2 ? "one" : "ones"} in Booking Oversight, and remove the listing once the guest has checked out.`;
}

/** The CSV's columns: one row per listing, formulas neutralised by toCsv. */
const EXPORT_COLUMNS: readonly CsvColumn<TAdminProperty>[] = [
  { header: "id", value: (p) => p.id },
  { header: "title", value: (p) => p.title },
  { header: "city", value: (p) => p.city },
  { header: "status", value: (p) => p.status },
  { header: "price per month", value: (p) => p.price },
  { header: "price per night", value: (p) => p.pricePerNight },
  { header: "owner name", value: (p) => p.ownerName },
  { header: "owner email", value: (p) => p.ownerEmail },
  { header: "bookings", value: (p) => p.bookings },
  { header: "listed date", value: (p) => londonToday(new Date(p.createdAt)) },
  { header: "removal reason", value: (p) => p.removal?.reason },
  { header: "verified at", value: (p) => p.verification?.at },
];

function toAdminProperty(row: AdminPropertyRow): TAdminProperty {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    city: row.city,
    region: row.region,
    images: row.images.map((url) => ({ url, srcSet: photoSrcSet(url) })),
    price: row.price_per_month,
    pricePerNight: row.price_per_night,
    status: STATUS_OF_DETAIL[row.status_detail],
    statusDetail: row.status_detail,
    availableFrom: row.available_from,
    ownerId: row.owner_id,
    ownerName: personName(row.owner_first_name, row.owner_last_name, row.owner_email),
    ownerEmail: row.owner_email,
    bookings: row.bookings,
    createdAt: row.created_at,
    removal:
      row.removed_at && row.status_detail === "removed"
        ? {
            at: row.removed_at,
            by:
              row.removed_by !== null && row.remover_email !== null
                ? {
                    id: row.removed_by,
                    name: personName(row.remover_first_name, row.remover_last_name, row.remover_email),
                  }
                : null,
            reason: row.removal_reason ?? "",
          }
        : null,
    verification:
      row.verified_at && row.verification_checks
        ? {
            at: row.verified_at,
            by:
              row.verified_by !== null && row.verifier_email !== null
                ? {
                    id: row.verified_by,
                    name: personName(row.verifier_first_name, row.verifier_last_name, row.verifier_email),
                  }
                : null,
            checks: row.verification_checks.filter((check): check is VerificationCheck =>
              (VERIFICATION_CHECKS as readonly string[]).includes(check),
            ),
          }
        : null,
  };
}

/**
 * Property Management (/admin/properties): every listing with its owner and bookings, the CSV of a search,
 * removing a listing (never over a guest's confirmed stay) and restoring it, and one listing's figures.
 * `now` is injectable so tests can fix "today" (a London calendar date).
 */
export class AdminPropertiesService {
  constructor(
    private readonly db: Database,
    private readonly analytics: LandlordAnalyticsService,
    private readonly lifecycle: BookingLifecycleService,
    private readonly notifier: BookingNotifier | undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private filterFor(query: TAdminPropertyExportQuery): AdminPropertyFilter {
    return { q: query.q, status: query.status, today: londonToday(this.now()) };
  }

  /** GET /api/admin/properties: one page, newest first, and how many match. */
  async findProperties(query: TAdminPropertyListQuery): Promise<{ items: TAdminProperty[]; total: number }> {
    const { rows, total } = await findAdminProperties(this.db, this.filterFor(query), {
      limit: query.pageSize,
      offset: pageOffset(query),
    });
    return { items: rows.map(toAdminProperty), total };
  }

  /**
   * GET /api/admin/properties/export.csv: every matching listing up to MAX_EXPORT_ROWS, newest first, how many
   * matched, and today's date (London) for the file name.
   */
  async exportCsv(
    query: TAdminPropertyExportQuery,
  ): Promise<{ csv: string; total: number; rows: number; date: string }> {
    const filter = this.filterFor(query);
    const [rows, total] = await Promise.all([
      findAdminPropertiesForExport(this.db, filter, MAX_EXPORT_ROWS),
      countAdminProperties(this.db, filter),
    ]);
    return { csv: toCsv(rows.map(toAdminProperty), EXPORT_COLUMNS), total, rows: rows.length, date: filter.today };
  }

  /**
   * Unlists a listing for a reason, in one transaction holding its row: refused while a guest's confirmed stay is
   * not over, or when it is already removed. Pending requests are declined with it (their guests are told at once
   * and nothing was paid); holds that had already lapsed are released first, as they would have been anyway.
   */
  async removeProperty(propertyId: number, admin: Admin, reason: string): Promise<TAdminPropertyRemoval> {
    await this.lifecycle.releaseLapsedHolds({ propertyId });
    const today = londonToday(this.now());
    const declined = await this.db.transaction(async (tx) => {
      const property = await lockPropertyForRemoval(tx, propertyId);
      if (!property || !mayActOn(admin, "remove", "property", { ownerId: property.owner_id })) {
        throw notFound("Property not found");
      }
      if (property.removed_at) throw new ConflictError("This listing is already removed.");
      // Requests first: once locked, none can be confirmed meanwhile and slip past the check below.
      const requests = await lockPendingBookings(tx, propertyId);
      const stays = await findUnfinishedConfirmedStays(tx, propertyId, today);
      if (stays.firstCheckIn && stays.firstCheckOut) {
        throw new ConflictError(
          unfinishedStaysMessage(
            { stays: stays.stays, firstCheckIn: stays.firstCheckIn, firstCheckOut: stays.firstCheckOut },
            today,
          ),
        );
      }
      await markPropertyRemoved(tx, propertyId, admin.id, reason);
      const declinedIds = await this.declineRequests(tx, admin, requests);
      await recordAudit(tx, {
        type: "warning",
        action: "property.removed",
        message: `Removed the listing "${property.title}": ${reason}`,
        actor: { id: admin.id, label: auditLabel(admin) },
        subject: {
          id: property.owner_id,
          label: auditLabel({
            firstName: property.owner_first_name,
            lastName: property.owner_last_name,
            email: property.owner_email,
          }),
        },
        target: { type: "property", id: propertyId },
        details: { reason, declinedRequests: declinedIds.map(bookingReference) },
      });
      return declinedIds;
    });
    return { property: await this.getProperty(propertyId), declinedRequests: declined.length };
  }

  /** Declines each locked pending booking through the lifecycle's rule, with its event and an audit entry. */
  private async declineRequests(
    tx: Tx,
    admin: Admin,
    requests: Awaited<ReturnType<typeof lockPendingBookings>>,
  ): Promise<number[]> {
    const declined: number[] = [];
    for (const request of requests) {
      const verdict = transition("decline_request", "pending", "admin");
      if (!verdict.ok) throw new Error(verdict.reason);
      const applied = await applyStatusChange(tx, {
        bookingId: request.id,
        transition: "decline_request",
        from: "pending",
        to: verdict.to,
        actor: "admin",
        actorUserId: admin.id,
        set: {
          cancelledAt: new Date(),
          cancelledBy: "admin",
          cancellationReason: REQUEST_DECLINED_REASON,
          refundAmount: "0",
        },
        details: { listingRemoved: true },
      });
      if (!applied) continue;
      declined.push(request.id);
      await recordAudit(tx, {
        type: "warning",
        action: "booking.declined_by_admin",
        message: `Declined the request ${bookingReference(request.id)}: its listing was removed`,
        actor: { id: admin.id, label: auditLabel(admin) },
        subject: {
          id: request.guest_id,
          label: auditLabel({
            firstName: request.guest_first_name,
            lastName: request.guest_last_name,
            email: request.guest_email,
          }),
        },
        target: { type: "booking", id: request.id },
        details: { reference: bookingReference(request.id), transition: "decline_request", listingRemoved: true },
      });
      await this.notifier?.add(tx, request.id, "cancelled");
    }
    return declined;
  }

  /** Clears an admin's removal and lists the listing again; 409 for a listing that is not removed. */
  async restoreProperty(propertyId: number, admin: Admin): Promise<TAdminProperty> {
    await this.db.transaction(async (tx) => {
      const property = await lockPropertyForRemoval(tx, propertyId);
      if (!property || !mayActOn(admin, "remove", "property", { ownerId: property.owner_id })) {
        throw notFound("Property not found");
      }
      if (!property.removed_at) {
        throw new ConflictError("This listing is not removed; whether it is listed is its owner's choice.");
      }
      await clearPropertyRemoval(tx, propertyId);
      await recordAudit(tx, {
        type: "info",
        action: "property.restored",
        message: `Restored the listing "${property.title}"`,
        actor: { id: admin.id, label: auditLabel(admin) },
        subject: ownerOf(property),
        target: { type: "property", id: propertyId },
      });
    });
    return this.getProperty(propertyId);
  }

  /**
   * POST …/verify: records what the admin checked; the listing shows "Verified" from now on. 409 while a
   * verification already stands or the listing is removed.
   */
  async verifyProperty(propertyId: number, admin: Admin, input: TVerifyProperty): Promise<TAdminProperty> {
    await this.db.transaction(async (tx) => {
      const property = await lockPropertyForRemoval(tx, propertyId);
      if (!property || !mayActOn(admin, "verify", "property", { ownerId: property.owner_id })) {
        throw notFound("Property not found");
      }
      if (property.removed_at) throw new ConflictError("A removed listing cannot be verified; restore it first.");
      if (await lockStandingVerification(tx, propertyId)) {
        throw new ConflictError("This listing is already verified. Withdraw that verification to record a new one.");
      }
      await insertVerification(tx, {
        propertyId,
        verifiedBy: admin.id,
        checks: input.checks,
        note: input.note ?? null,
      });
      await recordAudit(tx, {
        type: "info",
        action: "property.verified",
        message: `Verified the listing "${property.title}": ${input.checks
          .map((check) => VERIFICATION_CHECK_LABELS[check].toLowerCase())
          .join("; ")}`,
        actor: { id: admin.id, label: auditLabel(admin) },
        subject: ownerOf(property),
        target: { type: "property", id: propertyId },
        details: { checks: input.checks, ...(input.note && { note: input.note }) },
      });
    });
    return this.getProperty(propertyId);
  }

  /** POST …/withdraw-verification: the Verified label goes; the record stays, with who withdrew it and why. */
  async withdrawVerification(propertyId: number, admin: Admin, reason: string): Promise<TAdminProperty> {
    await this.db.transaction(async (tx) => {
      const property = await lockPropertyForRemoval(tx, propertyId);
      if (!property || !mayActOn(admin, "verify", "property", { ownerId: property.owner_id })) {
        throw notFound("Property not found");
      }
      const standing = await lockStandingVerification(tx, propertyId);
      if (!standing) throw new ConflictError("This listing is not verified.");
      await withdrawVerification(tx, standing.id, admin.id, reason);
      await recordAudit(tx, {
        type: "warning",
        action: "property.verification_withdrawn",
        message: `Withdrew the verification of the listing "${property.title}": ${reason}`,
        actor: { id: admin.id, label: auditLabel(admin) },
        subject: ownerOf(property),
        target: { type: "property", id: propertyId },
        details: { reason },
      });
    });
    return this.getProperty(propertyId);
  }

  /** GET /api/admin/properties/{id}/analytics: that listing's revenue and occupancy by the landlord rules. */
  async propertyAnalytics(propertyId: number, user: Actor): Promise<TAdminPropertyAnalytics> {
    const property = await this.getProperty(propertyId);
    const scope = listScope(user, "read", "analytics");
    if ("ownerId" in scope && scope.ownerId !== property.ownerId) throw notFound("Property not found");
    const figures = await this.analytics.getListingFigures(propertyId);
    return {
      property: {
        id: property.id,
        title: property.title,
        status: property.status,
        statusDetail: property.statusDetail,
      },
      ...figures,
    };
  }

  private async getProperty(propertyId: number): Promise<TAdminProperty> {
    const row = await findAdminProperty(this.db, propertyId, londonToday(this.now()));
    if (!row) throw notFound("Property not found");
    return toAdminProperty(row);
  }
}

/** The listing's owner as System Logs names the person an entry is about. */
function ownerOf(property: {
  owner_id: number;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string;
}) {
  return {
    id: property.owner_id,
    label: auditLabel({
      firstName: property.owner_first_name,
      lastName: property.owner_last_name,
      email: property.owner_email,
    }),
  };
}
